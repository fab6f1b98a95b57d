import type { Order } from './entities';

export type PayoutAction = 'release' | 'refund';

export interface DuePayout {
  action: PayoutAction;
  /** Why it is due, for people. */
  reason: string;
  /** Since when (ISO time). */
  since: string;
}

const passed = (iso: string | null, now: Date) => iso !== null && new Date(iso) <= now;

/**
 * The payout an order is owed at `now`, if any: a release once the buyer confirmed receipt or
 * the inspection period ended; a refund once the order was cancelled or not shipped in time.
 * A disputed order is owed nothing until an admin decides.
 */
export function payoutDue(order: Order, now: Date): DuePayout | null {
  switch (order.status) {
    case 'release_due':
    case 'refund_due':
      return {
        action: order.status === 'release_due' ? 'release' : 'refund',
        reason: order.dueReason ?? 'Due',
        since: order.dueSince ?? order.createdAt,
      };
    case 'tracking_uploaded':
      return passed(order.inspectionEndsAt, now)
        ? { action: 'release', reason: INSPECTION_ENDED, since: order.inspectionEndsAt! }
        : null;
    case 'escrow_held':
      return passed(order.autoRefundAt, now)
        ? { action: 'refund', reason: NOT_SHIPPED, since: order.autoRefundAt! }
        : null;
    default:
      return null;
  }
}

export const INSPECTION_ENDED = 'The inspection period ended without a problem reported';
export const NOT_SHIPPED = 'Not shipped: no tracking by the ship-by date and its grace period';
export const RECEIVED = 'The buyer confirmed receipt';
export const SELLER_CANCELLED = 'The seller cancelled the order before shipping';
export const BUYER_CANCELLED = 'The buyer cancelled: not shipped by the ship-by date';

/** What a `expire` move records as the reason the payout is due. */
export const expiryReason = (from: Order['status']) =>
  from === 'escrow_held' ? NOT_SHIPPED : INSPECTION_ENDED;
