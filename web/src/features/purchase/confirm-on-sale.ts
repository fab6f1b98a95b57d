import type { Product } from '@src/domain/entities';
import { getProduct } from '@web/api/get-product';
import { isSoldOut } from './buy-button-label';

/** The product changed since the dialog showed it: nothing was paid, the page should reload it. */
export class ProductChangedError extends Error {}

/**
 * Reads the product again (GET /api/products/:id) just before the wallet is asked to sign: a
 * unit sold meanwhile, a listing taken down or a new price must stop the payment, since the
 * server would refuse the order and the money would wait for a refund.
 */
export async function confirmOnSale(shown: Product): Promise<Product> {
  // Its own answer if it cannot be read (404: Product not found; 503: what is down).
  const current = await getProduct(shown.id);
  if (isSoldOut(current)) {
    throw new ProductChangedError('This product has just sold out. Nothing was paid.');
  }
  if (current.status !== 'active') {
    throw new ProductChangedError('This product is no longer available. Nothing was paid.');
  }
  if (current.price !== shown.price) {
    throw new ProductChangedError(
      `The price changed to ${current.price} SOL. Nothing was paid; check it and buy again.`,
    );
  }
  return current;
}
