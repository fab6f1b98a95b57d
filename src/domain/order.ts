import { DomainError } from './errors';

export const ORDER_STATUSES = [
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderAction = 'pay' | 'uploadTracking' | 'release' | 'refund';
export type Actor = 'buyer' | 'seller' | 'admin';

interface Move {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: Actor;
  /** Says why the move is not allowed from another status. */
  needs: string;
}

/** The order state machine of DESIGN.md: the only place that decides whether a move is legal. */
const MOVES: Record<OrderAction, Move> = {
  pay: { from: ['pending'], to: 'escrow_held', by: 'buyer', needs: 'an unpaid order' },
  uploadTracking: {
    from: ['escrow_held'],
    to: 'tracking_uploaded',
    by: 'seller',
    needs: 'an order awaiting shipment',
  },
  release: {
    from: ['tracking_uploaded'],
    to: 'completed',
    by: 'admin',
    needs: 'an order whose tracking has been uploaded',
  },
  refund: {
    from: ['pending', 'escrow_held', 'tracking_uploaded'],
    to: 'cancelled',
    by: 'admin',
    needs: 'an order whose funds are still in escrow',
  },
};

const VERB: Record<OrderAction, string> = {
  pay: 'Payment',
  uploadTracking: 'Tracking can only be uploaded',
  release: 'Funds can only be released',
  refund: 'A refund can only be made',
};

/** Whether `actor` may apply `action` to an order in status `from`. */
export function canTransition(from: OrderStatus, action: OrderAction, actor: Actor): boolean {
  const move = MOVES[action];
  return move.by === actor && move.from.includes(from);
}

/**
 * The status an order moves to, or a DomainError: `forbidden` for the wrong actor,
 * `invalid_transition` (409) for the wrong status.
 */
export function transition(from: OrderStatus, action: OrderAction, actor: Actor): OrderStatus {
  const move = MOVES[action];
  if (move.by !== actor) {
    throw new DomainError('forbidden', `Only the ${move.by} can do that to an order`);
  }
  if (!move.from.includes(from)) {
    const subject = action === 'pay' ? 'Payment can only be made' : VERB[action];
    throw new DomainError(
      'invalid_transition',
      `${subject} for ${move.needs}; this order is ${from.replace('_', ' ')}`,
      { status: from },
    );
  }
  return move.to;
}

/** Statuses in which the escrow wallet still holds the order's payment. */
export const HELD_STATUSES: readonly OrderStatus[] = ['escrow_held', 'tracking_uploaded'];
