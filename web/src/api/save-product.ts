import type { Product } from '../../../src/domain/entities';
import type { ListingInput } from '../../../src/domain/product';
import { uploadRequest } from './upload-request';

/** The listing body of POST /api/products and PUT /api/products/:id (spec section 7). */
export type ProductBody = ListingInput & {
  status: 'active' | 'inactive';
  sellerId: number;
  /** JSON text of an array of data URLs and/or /uploads URLs, or null. */
  imageUrl: string | null;
};

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
