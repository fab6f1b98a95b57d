import type { OrderWithProduct } from '@src/domain/entities';
import { formatSol, solToLamports } from '@src/domain/money';
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
  /**
   * "12.50": 2 decimals; what the buyer's payments cost them: each price less what came back
   * (a refunded order costs nothing, a split the seller's part).
   */
  totalSpent: string;
  /** The same sum, every digit. */
  totalSpentExact: string;
  pendingOrders: number;
  completed: number;
}

type Spendable = Pick<OrderWithProduct, 'price' | 'status' | 'refundedLamports'>;

/**
 * What one order cost its buyer: the price less what the server says went back to them. A
 * cancelled order was refunded in full, whether or not the server said how much (an older one
 * does not).
 */
export function spentOn(order: Spendable): bigint {
  if (order.status === 'cancelled') return 0n;
  const left = solToLamports(order.price) - (order.refundedLamports ?? 0n);
  return left > 0n ? left : 0n;
}

export function buyerStats(orders: readonly OrderWithProduct[]): BuyerStats {
  const spent = orders.reduce((total, o) => total + spentOn(o), 0n);
  return {
    totalOrders: orders.length,
    totalSpent: formatSol(spent, 2),
    totalSpentExact: formatSol(spent),
    pendingOrders: orders.filter((o) => IN_PROGRESS.includes(o.status)).length,
    completed: orders.filter((o) => o.status === 'completed').length,
  };
}
