import { notFound } from '../../domain/errors';
import { adminDeletion } from '../../domain/product-lifecycle';
import { requireAdmin, type Caller } from '../context';
import type { Logger, Store } from '../ports';

/** Spec: an admin marks any product deleted, even one with orders. */
export function adminDeleteProduct(deps: { store: Store; logger: Logger }) {
  return async (caller: Caller | null, wallet: string | undefined, id: number) => {
    requireAdmin(caller, wallet);
    const product = await deps.store.products.findById(id);
    if (!product) throw notFound('Product not found');
    const deleted = await deps.store.products.setStatus(id, adminDeletion(product.status));
    if (!deleted) throw notFound('Product not found');
    deps.logger.info({ productId: id }, 'product marked deleted by admin');
    return deleted;
  };
}
