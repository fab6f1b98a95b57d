import { forbidden, notFound } from '../../domain/errors';
import { assertSellerMayChange } from '../../domain/product-lifecycle';
import { requireCaller, type Caller } from '../context';
import type { Store } from '../ports';

/** The caller's own listing, one the lifecycle still lets its seller change. */
export async function ownedProduct(store: Store, caller: Caller | null, id: number) {
  const who = requireCaller(caller);
  const product = await store.products.findById(id);
  if (!product || product.status === 'removed') throw notFound('Product not found');
  if (product.sellerId !== who.userId) throw forbidden('You can only change your own listings');
  assertSellerMayChange(product.status);
  return { who, product };
}

/**
 * Asked before an edit's body (photos: large) is read: the caller may change this listing, with
 * the same answer the edit itself would give.
 */
export function admitEdit(deps: { store: Store }) {
  return async (caller: Caller | null, id: number): Promise<void> => {
    await ownedProduct(deps.store, caller, id);
  };
}
