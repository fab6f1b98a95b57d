import { KEPT_FOR_ORDERS } from '../../domain/product-lifecycle';
import type { Caller } from '../context';
import type { Store, UploadStore } from '../ports';
import { discard, fileNames } from './listing-images';
import { ownedProduct } from './owned-product';

/** A product with orders leaves every list but stays readable for its orders. */
export function deleteListing(deps: { store: Store; uploads: UploadStore }) {
  return async (caller: Caller | null, id: number) => {
    const { product } = await ownedProduct(deps.store, caller, id);
    if (await deps.store.products.deleteIfUnreferenced(id)) {
      await discard(deps.uploads, fileNames(product.images));
    } else {
      await deps.store.products.setStatus(id, KEPT_FOR_ORDERS);
    }
    return { success: true } as const;
  };
}
