import type { Order, Product } from '@src/domain/entities';
import { formatSol, sumLamports } from '@src/domain/money';

export interface SellerStats {
  activeListings: number;
  /** Sum of completed orders' prices, 1 decimal as the spec's card shows it ("57.9"). */
  totalSales: string;
  /** The same sum, every digit ("57.86"). */
  totalSalesExact: string;
  soldItems: number;
  needsTracking: number;
}

/** Spec section 2, seller dashboard: the four stat cards. */
export function sellerStats(products: readonly Product[], orders: readonly Order[]): SellerStats {
  const completed = orders.filter((o) => o.status === 'completed');
  const sales = sumLamports(completed.map((o) => o.price));
  return {
    activeListings: products.filter((p) => p.status === 'active').length,
    totalSales: formatSol(sales, 1),
    totalSalesExact: formatSol(sales),
    soldItems: completed.length,
    needsTracking: orders.filter((o) => o.status === 'escrow_held').length,
  };
}
