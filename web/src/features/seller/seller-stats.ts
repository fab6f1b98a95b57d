import type { OrderWithProduct, Product } from '@src/domain/entities';
import { formatSol, solToLamports } from '@src/domain/money';

export interface SellerStats {
  activeListings: number;
  /**
   * What the seller received for their completed orders, 1 decimal as the spec's card shows it
   * ("57.9"): each price less what went back to the buyer (a split: the seller's part).
   */
  totalSales: string;
  /** The same sum, every digit ("57.86"). */
  totalSalesExact: string;
  soldItems: number;
  needsTracking: number;
}

type Sale = Pick<OrderWithProduct, 'price' | 'status' | 'refundedLamports'>;

/**
 * What one order paid its seller: for a completed order, the price less what the server says
 * went back to the buyer (a split's buyer part); nothing for any other.
 */
export function receivedFor(order: Sale): bigint {
  if (order.status !== 'completed') return 0n;
  const left = solToLamports(order.price) - (order.refundedLamports ?? 0n);
  return left > 0n ? left : 0n;
}

/** Spec section 2, seller dashboard: the four stat cards. */
export function sellerStats(products: readonly Product[], orders: readonly Sale[]): SellerStats {
  const sales = orders.reduce((total, o) => total + receivedFor(o), 0n);
  return {
    activeListings: products.filter((p) => p.status === 'active').length,
    totalSales: formatSol(sales, 1),
    totalSalesExact: formatSol(sales),
    soldItems: orders.filter((o) => o.status === 'completed').length,
    needsTracking: orders.filter((o) => o.status === 'escrow_held').length,
  };
}
