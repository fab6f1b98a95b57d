import type { Order } from '@src/domain/entities';
import { formatSol, sumLamports } from '@src/domain/money';
import type { OrderStatus } from '@src/domain/order';

/** Paid and not yet settled: the payment is on its way, in escrow, due or disputed. */
const IN_PROGRESS: readonly OrderStatus[] = [
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'release_due',
  'refund_due',
  'disputed',
];

export interface BuyerStats {
  totalOrders: number;
  /** "12.50": 2 decimals; refunded (cancelled) orders cost nothing and are left out. */
  totalSpent: string;
  /** The same sum, every digit. */
  totalSpentExact: string;
  pendingOrders: number;
  completed: number;
}

export function buyerStats(orders: readonly Order[]): BuyerStats {
  const kept = orders.filter((o) => o.status !== 'cancelled');
  const spent = sumLamports(kept.map((o) => o.price));
  return {
    totalOrders: orders.length,
    totalSpent: formatSol(spent, 2),
    totalSpentExact: formatSol(spent),
    pendingOrders: orders.filter((o) => IN_PROGRESS.includes(o.status)).length,
    completed: orders.filter((o) => o.status === 'completed').length,
  };
}
