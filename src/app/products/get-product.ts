import { notFound } from '../../domain/errors';
import type { Store } from '../ports';

/** Readable by id whatever its status, so order history never breaks. */
export function getProduct(deps: { store: Store }) {
  return async (id: number) => {
    const product = await deps.store.products.findById(id);
    if (!product) throw notFound('Product not found');
    return product;
  };
}
