import type { Order, Product } from '@src/domain/entities';
import { formatSol, sumLamports } from '@src/domain/money';

export interface SellerStats {
  activeListings: number;
  /** Sum of completed orders' prices, exact, 1 decimal ("12.5"). */
  totalSales: string;
  soldItems: number;
  needsTracking: number;
}

/** Spec section 2, seller dashboard: the four stat cards. */
export function sellerStats(products: readonly Product[], orders: readonly Order[]): SellerStats {
  const completed = orders.filter((o) => o.status === 'completed');
  return {
    activeListings: products.filter((p) => p.status === 'active').length,
    totalSales: formatSol(sumLamports(completed.map((o) => o.price)), 1),
    soldItems: completed.length,
    needsTracking: orders.filter((o) => o.status === 'escrow_held').length,
  };
}
