import type { Order, Product } from '../../../../src/domain/entities';
import { formatSol, sumLamports } from '../../../../src/domain/money';
import type { BadgeTone } from '../../components/ui/badge';

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

/** A sale's badge: AWAITING SHIPMENT, TRACKING UPLOADED, otherwise the uppercased status. */
export function saleStatus(status: Order['status']): { label: string; tone: BadgeTone } {
  if (status === 'escrow_held') return { label: 'AWAITING SHIPMENT', tone: 'yellow' };
  if (status === 'tracking_uploaded') return { label: 'TRACKING UPLOADED', tone: 'blue' };
  if (status === 'completed') return { label: 'COMPLETED', tone: 'green' };
  if (status === 'cancelled') return { label: 'CANCELLED', tone: 'red' };
  return { label: status.replace(/_/g, ' ').toUpperCase(), tone: 'grey' };
}

/** A listing's badge for its seller: deleted reads Admin Removed. */
export function listingStatus(status: Product['status']): { label: string; tone: BadgeTone } {
  if (status === 'deleted') return { label: 'Admin Removed', tone: 'red' };
  if (status === 'active') return { label: 'ACTIVE', tone: 'green' };
  if (status === 'sold') return { label: 'SOLD OUT', tone: 'blue' };
  return { label: status.toUpperCase(), tone: 'grey' };
}
