import { describe, expect, it } from 'vitest';
import {
  HELD_STATUSES,
  ORDER_STATUSES,
  canTransition,
  transition,
  type Actor,
  type OrderAction,
  type OrderFacts,
  type OrderStatus,
} from '@src/domain/order';

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * DAY).toISOString();

/** An order in `status` whose deadlines are all in the future unless said. */
const order = (status: OrderStatus, dates: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  shipBy: iso(2),
  autoRefundAt: iso(9),
  inspectionEndsAt: iso(5),
  ...dates,
});

/** Every legal move at NOW with future deadlines: [from, action, actor, to]. */
const LEGAL: [OrderStatus, OrderAction, Actor, OrderStatus][] = [
  ['pending', 'pay', 'buyer', 'escrow_held'],
  ['escrow_held', 'uploadTracking', 'seller', 'tracking_uploaded'],
  ['tracking_uploaded', 'release', 'admin', 'completed'],
  ['pending', 'refund', 'admin', 'cancelled'],
  ['escrow_held', 'refund', 'admin', 'cancelled'],
  ['tracking_uploaded', 'refund', 'admin', 'cancelled'],
  ['tracking_uploaded', 'confirmReceipt', 'buyer', 'release_due'],
  ['escrow_held', 'cancel', 'seller', 'refund_due'],
  ['escrow_held', 'dispute', 'buyer', 'disputed'],
  ['tracking_uploaded', 'dispute', 'buyer', 'disputed'],
  ['tracking_uploaded', 'dispute', 'seller', 'disputed'],
  ['release_due', 'release', 'admin', 'completed'],
  ['release_due', 'release', 'system', 'completed'],
  ['refund_due', 'refund', 'admin', 'cancelled'],
  ['refund_due', 'refund', 'system', 'cancelled'],
  ['disputed', 'release', 'admin', 'completed'],
  ['disputed', 'refund', 'admin', 'cancelled'],
  ['disputed', 'split', 'admin', 'completed'],
];
const ACTORS: Actor[] = ['buyer', 'seller', 'admin', 'system'];
const ACTIONS: OrderAction[] = [
  'pay',
  'uploadTracking',
  'confirmReceipt',
  'cancel',
  'dispute',
  'expire',
  'release',
  'refund',
  'split',
];
/** Who may make each move at all (from some status). */
const MAKERS: Record<OrderAction, Actor[]> = {
  pay: ['buyer'],
  uploadTracking: ['seller'],
  confirmReceipt: ['buyer'],
  cancel: ['buyer', 'seller'],
  dispute: ['buyer', 'seller'],
  expire: ['system'],
  release: ['admin', 'system'],
  refund: ['admin', 'system'],
  split: ['admin'],
};

describe('order state machine', () => {
  it('keeps the five statuses of the spec first, then those of buyer and seller protection', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'escrow_held',
      'tracking_uploaded',
      'completed',
      'cancelled',
      'release_due',
      'refund_due',
      'disputed',
    ]);
  });

  it.each(LEGAL)('moves %s by %s (%s) to %s', (from, action, actor, to) => {
    expect(canTransition(order(from), action, actor, NOW)).toBe(true);
    expect(transition(order(from), action, actor, NOW)).toBe(to);
  });

  it('refuses every other status as invalid_transition, saying what the move needs', () => {
    for (const action of ACTIONS) {
      for (const actor of MAKERS[action]) {
        for (const from of ORDER_STATUSES) {
          const legal = LEGAL.some(([f, a, who]) => f === from && a === action && who === actor);
          if (legal || action === 'expire') continue;
          expect(canTransition(order(from), action, actor, NOW), `${from} ${action}`).toBe(false);
          expect(() => transition(order(from), action, actor, NOW)).toThrow(
            expect.objectContaining({ code: 'invalid_transition', details: { status: from } }),
          );
        }
      }
    }
  });

  it('says in one plain sentence why a cancel does not fit the status', () => {
    expect(() => transition(order('tracking_uploaded'), 'cancel', 'buyer', NOW)).toThrow(
      'Cancelling is only possible for an order that has not been shipped; this order is tracking uploaded',
    );
  });

  it('refuses a move by someone who may never make it as forbidden', () => {
    for (const action of ACTIONS) {
      for (const actor of ACTORS.filter((a) => !MAKERS[action].includes(a))) {
        for (const from of ORDER_STATUSES) {
          expect(() => transition(order(from), action, actor, NOW)).toThrow(
            expect.objectContaining({ code: 'forbidden' }),
          );
        }
      }
    }
  });

  it.each([
    ['release', 'seller', 'Only the admin can do that to an order'],
    ['cancel', 'admin', 'Only the seller or the buyer can do that to an order'],
    ['split', 'buyer', 'Only the admin can do that to an order'],
  ] as const)('names who may %s when the %s tries', (action, actor, message) => {
    expect(() => transition(order('escrow_held'), action, actor, NOW)).toThrow(message);
  });

  it.each([
    [
      'escrow_held',
      'pay',
      'Payment can only be made for an unpaid order; this order is escrow held',
    ],
    [
      'pending',
      'uploadTracking',
      'Tracking can only be uploaded for an order awaiting shipment; this order is pending',
    ],
    [
      'escrow_held',
      'release',
      'Funds can only be released for an order whose tracking has been uploaded; this order is escrow held',
    ],
    [
      'completed',
      'refund',
      'A refund can only be made for an order whose funds are still in escrow; this order is completed',
    ],
  ] as const)('explains why %s cannot take %s', (from, action, message) => {
    const actor = MAKERS[action][0]!;
    expect(() => transition(order(from), action, actor, NOW)).toThrow(message);
  });

  it('never moves an order out of completed or cancelled', () => {
    for (const from of ['completed', 'cancelled'] as const) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS)
          expect(canTransition(order(from), action, actor, NOW)).toBe(false);
      }
    }
  });

  it('counts every status whose payment is still in escrow as held', () => {
    expect(HELD_STATUSES).toEqual([
      'escrow_held',
      'tracking_uploaded',
      'release_due',
      'refund_due',
      'disputed',
    ]);
  });
});

describe('deadlines', () => {
  it('lets the buyer cancel only once the ship-by date has passed, naming the date', () => {
    expect(() => transition(order('escrow_held'), 'cancel', 'buyer', NOW)).toThrow(
      'You can cancel once the ship-by date (Nov 25) has passed without tracking',
    );
    expect(transition(order('escrow_held', { shipBy: iso(-1) }), 'cancel', 'buyer', NOW)).toBe(
      'refund_due',
    );
  });

  it('lets the seller cancel before the ship-by date', () => {
    expect(transition(order('escrow_held'), 'cancel', 'seller', NOW)).toBe('refund_due');
  });

  it('refuses tracking once the refund of an unshipped order has fallen due', () => {
    const late = order('escrow_held', { shipBy: iso(-8), autoRefundAt: iso(-1) });
    expect(() => transition(late, 'uploadTracking', 'seller', NOW)).toThrow(/too late to ship/);
  });

  it('refuses a dispute after the inspection period, when the payment is due to the seller', () => {
    const inspected = order('tracking_uploaded', { inspectionEndsAt: iso(-1) });
    expect(() => transition(inspected, 'dispute', 'buyer', NOW)).toThrow(
      /inspection period ended on Nov 22/,
    );
  });

  it('refuses a dispute of an unshipped order whose refund has fallen due', () => {
    const late = order('escrow_held', { autoRefundAt: iso(-1) });
    expect(() => transition(late, 'dispute', 'buyer', NOW)).toThrow(/not shipped in time/);
  });

  it('refuses a seller’s dispute of an unshipped order: the seller cancels it instead', () => {
    // Else a seller could hold the buyer's refund, due at the auto-refund date, for as long as
    // no admin acts.
    expect(() => transition(order('escrow_held'), 'dispute', 'seller', NOW)).toThrow(
      'Ship the order first, or cancel it: a seller reports a problem once it is shipped',
    );
    expect(canTransition(order('escrow_held'), 'cancel', 'seller', NOW)).toBe(true);
  });

  it('expires an unshipped order into a refund once its auto-refund date passes', () => {
    expect(() => transition(order('escrow_held'), 'expire', 'system', NOW)).toThrow(
      'Its deadline has not passed yet',
    );
    const late = order('escrow_held', { autoRefundAt: iso(0) });
    expect(transition(late, 'expire', 'system', NOW)).toBe('refund_due');
  });

  it('expires a shipped order into a release once its inspection period ends', () => {
    expect(() => transition(order('tracking_uploaded'), 'expire', 'system', NOW)).toThrow(
      'Its deadline has not passed yet',
    );
    const inspected = order('tracking_uploaded', { inspectionEndsAt: iso(-0.5) });
    expect(transition(inspected, 'expire', 'system', NOW)).toBe('release_due');
  });

  it('never expires a disputed order: nothing is paid until an admin decides', () => {
    const disputed = order('disputed', { autoRefundAt: iso(-30), inspectionEndsAt: iso(-30) });
    expect(canTransition(disputed, 'expire', 'system', NOW)).toBe(false);
    expect(canTransition(disputed, 'release', 'system', NOW)).toBe(false);
    expect(canTransition(disputed, 'refund', 'system', NOW)).toBe(false);
  });
});
