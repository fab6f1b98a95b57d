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
