import type { Product } from '../../../src/domain/entities';
import type { Category, Condition } from '../../../src/domain/product';
import { uploadRequest } from './upload-request';

/** The listing body of POST /api/products and PUT /api/products/:id (spec section 7). */
export interface ProductBody {
  name: string;
  description: string;
  /** "12.50" */
  price: string;
  category: Category;
  condition: Condition;
  location: string | null;
  status: 'active' | 'inactive';
  quantity: number;
  requiresAddress: boolean;
  requiresEmail: boolean;
  requiresName: boolean;
  sellerId: number;
  /** JSON text of an array of data URLs and/or /uploads URLs, or null. */
  imageUrl: string | null;
}

/** Creates (no id) or updates a listing; `onProgress` follows the upload of its images. */
export const saveProduct = (
  body: ProductBody,
  id: number | null,
  onProgress?: (fraction: number) => void,
) =>
  uploadRequest<Product>(id === null ? '/api/products' : `/api/products/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    onProgress,
  });
