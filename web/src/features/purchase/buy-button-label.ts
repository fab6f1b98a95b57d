import type { Product } from '@src/domain/entities';
import { available } from '@src/domain/product';

/** Sold, or no unit left to sell. */
export const isSoldOut = (product: Product) =>
  product.status === 'sold' || available(product) === 0;

/** Removed by an admin or the seller, or taken off sale: buying is disabled. */
export const isGone = (product: Product) =>
  product.status === 'deleted' || product.status === 'removed' || product.status === 'inactive';

/** The signed-in user's own listing: the server refuses such an order, so nothing to buy. */
export const isOwnListing = (product: Product, userId: number | null) =>
  userId !== null && product.sellerId === userId;

/** Spec section 2: the buy button's text. */
export function buyButtonLabel(input: {
  product: Product;
  busy: boolean;
  showingForm: boolean;
}): string {
  if (input.product.status === 'sold') return 'Sold Out';
  if (isGone(input.product)) return 'No Longer Available';
  if (isSoldOut(input.product)) return 'Sold Out';
  if (input.busy) return 'Processing Transaction...';
  if (input.showingForm) return 'Complete Purchase';
  return 'Buy Now with SOL';
}
