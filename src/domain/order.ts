import { shortDay } from './dates';
import { DomainError } from './errors';

/** The spec's five statuses first, then those of buyer and seller protection. */
export const ORDER_STATUSES = [
  'pending',
  'escrow_held',
  'tracking_uploaded',
  'completed',
  'cancelled',
  'release_due',
  'refund_due',
  'disputed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderAction =
  | 'pay'
  | 'uploadTracking'
  | 'confirmReceipt'
  | 'cancel'
  | 'dispute'
  | 'expire'
  | 'release'
  | 'refund'
  | 'split';
/** `system`: the settlement runner acting on a deadline, never a person. */
export type Actor = 'buyer' | 'seller' | 'admin' | 'system';

/** The dates some moves depend on (null until the order reaches them). */
export interface OrderDates {
  shipBy: string | null;
  autoRefundAt: string | null;
  inspectionEndsAt: string | null;
}

export interface OrderFacts extends OrderDates {
  status: OrderStatus;
}

interface Move {
  /** Who may make the move, from which statuses. */
  by: Partial<Record<Actor, readonly OrderStatus[]>>;
  to: (from: OrderStatus) => OrderStatus;
  /** Says why the move is not allowed from another status. */
  needs: string;
  /** A refusal that depends on the time (null: allowed). */
  when?: (order: OrderFacts, now: Date, actor: Actor) => string | null;
}

const at = (iso: string | null) => (iso ? new Date(iso) : null);
const day = (iso: string | null) => (iso ? shortDay(iso) : '');
const passed = (iso: string | null, now: Date) => {
  const t = at(iso);
  return t !== null && t.getTime() <= now.getTime();
};

const HELD_OR_SHIPPED: readonly OrderStatus[] = ['escrow_held', 'tracking_uploaded'];

/**
 * The order state machine of DESIGN.md: the only place that decides whether a move is legal.
 *   pending --pay--> escrow_held --uploadTracking--> tracking_uploaded --release--> completed
 *   escrow_held --cancel (seller; buyer after ship-by)--> refund_due --refund--> cancelled
 *   tracking_uploaded --confirmReceipt (buyer)--> release_due --release--> completed
 *   escrow_held / tracking_uploaded --expire (system, on a deadline)--> refund_due / release_due
 *   escrow_held (buyer) / tracking_uploaded (buyer or seller) --dispute--> disputed
 *   disputed --release | refund | split (admin)--> completed / cancelled / completed
 * The admin's refund of a paid order and release after reviewing tracking (the spec's path) stay.
 */
const MOVES: Record<OrderAction, Move> = {
  pay: { by: { buyer: ['pending'] }, to: () => 'escrow_held', needs: 'an unpaid order' },
  uploadTracking: {
    by: { seller: ['escrow_held'] },
    to: () => 'tracking_uploaded',
    needs: 'an order awaiting shipment',
    when: (o, now) =>
      passed(o.autoRefundAt, now)
        ? `It is too late to ship: the buyer's refund has been due since ${day(o.autoRefundAt)}`
        : null,
  },
  confirmReceipt: {
    by: { buyer: ['tracking_uploaded'] },
    to: () => 'release_due',
    needs: 'an order that has been shipped',
  },
  cancel: {
    by: { seller: ['escrow_held'], buyer: ['escrow_held'] },
    to: () => 'refund_due',
    needs: 'an order that has not been shipped',
    when: (o, now, actor) =>
      actor === 'buyer' && !passed(o.shipBy, now)
        ? `You can cancel once the ship-by date (${day(o.shipBy)}) has passed without tracking`
        : null,
  },
  dispute: {
    by: { buyer: HELD_OR_SHIPPED, seller: HELD_OR_SHIPPED },
    to: () => 'disputed',
    needs: 'an order whose funds are still in escrow',
    when: (o, now, actor) => {
      // Unshipped, the seller's way out is to cancel (the buyer is refunded). A dispute would only
      // hold the buyer's refund, due at the auto-refund date, until an admin acts.
      if (actor === 'seller' && o.status === 'escrow_held') {
        return 'Ship the order first, or cancel it: a seller reports a problem once it is shipped';
      }
      if (o.status === 'tracking_uploaded' && passed(o.inspectionEndsAt, now)) {
        return `The inspection period ended on ${day(o.inspectionEndsAt)}; the payment is due to the seller`;
      }
      if (o.status === 'escrow_held' && passed(o.autoRefundAt, now)) {
        return `The order was not shipped in time; the refund has been due since ${day(o.autoRefundAt)}`;
      }
      return null;
    },
  },
  expire: {
    by: { system: HELD_OR_SHIPPED },
    to: (from) => (from === 'escrow_held' ? 'refund_due' : 'release_due'),
    needs: 'an order waiting on a deadline',
    when: (o, now) => {
      const deadline = o.status === 'escrow_held' ? o.autoRefundAt : o.inspectionEndsAt;
      return passed(deadline, now) ? null : 'Its deadline has not passed yet';
    },
  },
  release: {
    by: { admin: ['tracking_uploaded', 'release_due', 'disputed'], system: ['release_due'] },
    to: () => 'completed',
    needs: 'an order whose tracking has been uploaded',
  },
  refund: {
    by: {
      admin: ['pending', 'escrow_held', 'tracking_uploaded', 'refund_due', 'disputed'],
      system: ['refund_due'],
    },
    to: () => 'cancelled',
    needs: 'an order whose funds are still in escrow',
  },
  split: { by: { admin: ['disputed'] }, to: () => 'completed', needs: 'a disputed order' },
};

const VERB: Record<OrderAction, string> = {
  pay: 'Payment can only be made',
  uploadTracking: 'Tracking can only be uploaded',
  confirmReceipt: 'Receipt can only be confirmed',
  cancel: 'Cancelling is only possible',
  dispute: 'A problem can only be reported',
  expire: 'Expiry is only possible',
  release: 'Funds can only be released',
  refund: 'A refund can only be made',
  split: 'Funds can only be split',
};

const ROLE: Record<Actor, string> = {
  buyer: 'buyer',
  seller: 'seller',
  admin: 'admin',
  system: 'settlement',
};

function refusal(order: OrderFacts, action: OrderAction, actor: Actor, now: Date) {
  const move = MOVES[action];
  const allowed = move.by[actor];
  if (!allowed) {
    const who = (Object.keys(move.by) as Actor[]).filter((a) => a !== 'system').map((a) => ROLE[a]);
    return new DomainError('forbidden', `Only the ${who.join(' or the ')} can do that to an order`);
  }
  if (!allowed.includes(order.status)) {
    return new DomainError(
      'invalid_transition',
      `${VERB[action]} for ${move.needs}; this order is ${order.status.replace('_', ' ')}`,
      { status: order.status },
    );
  }
  const late = move.when?.(order, now, actor);
  if (late) return new DomainError('invalid_transition', late, { status: order.status });
  return null;
}

/** Whether `actor` may apply `action` to `order` at `now`. */
export function canTransition(
  order: OrderFacts,
  action: OrderAction,
  actor: Actor,
  now: Date,
): boolean {
  return refusal(order, action, actor, now) === null;
}

/**
 * The status an order moves to, or a DomainError: `forbidden` for the wrong actor,
 * `invalid_transition` (409) for the wrong status or the wrong time.
 */
export function transition(
  order: OrderFacts,
  action: OrderAction,
  actor: Actor,
  now: Date,
): OrderStatus {
  const refused = refusal(order, action, actor, now);
  if (refused) throw refused;
  return MOVES[action].to(order.status);
}

/** Statuses in which the escrow wallet still holds the order's payment. */
export const HELD_STATUSES: readonly OrderStatus[] = [
  'escrow_held',
  'tracking_uploaded',
  'release_due',
  'refund_due',
  'disputed',
];
