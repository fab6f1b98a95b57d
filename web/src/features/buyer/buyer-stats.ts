import type { Order } from '@src/domain/entities';
import { formatSol, sumLamports } from '@src/domain/money';
import type { OrderStatus } from '@src/domain/order';

/** Paid and not yet settled: the payment is on its way or waiting in escrow. */
const IN_PROGRESS: readonly OrderStatus[] = ['pending', 'escrow_held', 'tracking_uploaded'];

export interface BuyerStats {
  totalOrders: number;
  /** "12.50": exact, 2 decimals; refunded (cancelled) orders cost nothing and are left out. */
  totalSpent: string;
  pendingOrders: number;
  completed: number;
}

export function buyerStats(orders: readonly Order[]): BuyerStats {
  const kept = orders.filter((o) => o.status !== 'cancelled');
  return {
    totalOrders: orders.length,
    totalSpent: formatSol(sumLamports(kept.map((o) => o.price)), 2),
    pendingOrders: orders.filter((o) => IN_PROGRESS.includes(o.status)).length,
    completed: orders.filter((o) => o.status === 'completed').length,
  };
}
