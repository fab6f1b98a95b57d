import type { BodyIn } from '@src/contracts/endpoint';
import { createProduct, updateProduct } from '@src/contracts/products';
import { uploadRequest } from './upload-request';

/** The listing body of POST /api/products and PUT /api/products/:id (spec section 7). */
export type ProductBody = BodyIn<typeof createProduct>;

/** Creates (no id) or updates a listing; `onProgress` follows the upload of its images. */
export const saveProduct = (
  body: ProductBody,
  id: number | null,
  onProgress?: (fraction: number) => void,
) =>
  id === null
    ? uploadRequest(createProduct, { body, onProgress })
    : uploadRequest(updateProduct, { params: { id }, body, onProgress });
