import { describe, expect, it } from 'vitest';
import {
  HELD_STATUSES,
  ORDER_STATUSES,
  canTransition,
  transition,
  type Actor,
  type OrderAction,
  type OrderStatus,
} from '../../src/domain/order';

const LEGAL: [OrderStatus, OrderAction, Actor, OrderStatus][] = [
  ['pending', 'pay', 'buyer', 'escrow_held'],
  ['escrow_held', 'uploadTracking', 'seller', 'tracking_uploaded'],
  ['tracking_uploaded', 'release', 'admin', 'completed'],
  ['pending', 'refund', 'admin', 'cancelled'],
  ['escrow_held', 'refund', 'admin', 'cancelled'],
  ['tracking_uploaded', 'refund', 'admin', 'cancelled'],
];
const OWNER: Record<OrderAction, Actor> = {
  pay: 'buyer',
  uploadTracking: 'seller',
  release: 'admin',
  refund: 'admin',
};
const ACTORS: Actor[] = ['buyer', 'seller', 'admin'];
const ACTIONS = Object.keys(OWNER) as OrderAction[];
const isLegal = (from: OrderStatus, action: OrderAction) =>
  LEGAL.some(([f, a]) => f === from && a === action);

const wrongStatus = ORDER_STATUSES.flatMap((from) =>
  ACTIONS.filter((action) => !isLegal(from, action)).map((action) => [from, action] as const),
);
const wrongActor = ACTIONS.flatMap((action) =>
  ACTORS.filter((actor) => actor !== OWNER[action]).map((actor) => [action, actor] as const),
);

describe('order state machine', () => {
  it('has the five statuses of the spec, pending first', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'escrow_held',
      'tracking_uploaded',
      'completed',
      'cancelled',
    ]);
  });

  it.each(LEGAL)('moves %s by %s (%s) to %s', (from, action, actor, to) => {
    expect(canTransition(from, action, actor)).toBe(true);
    expect(transition(from, action, actor)).toBe(to);
  });

  it.each(wrongStatus)('refuses from %s to %s as invalid_transition', (from, action) => {
    const actor = OWNER[action];
    expect(canTransition(from, action, actor)).toBe(false);
    expect(() => transition(from, action, actor)).toThrow(
      expect.objectContaining({ code: 'invalid_transition', details: { status: from } }),
    );
  });

  it.each(wrongActor)('refuses %s by the %s as forbidden', (action, actor) => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, action, actor)).toBe(false);
      expect(() => transition(from, action, actor)).toThrow(
        expect.objectContaining({
          code: 'forbidden',
          message: `Only the ${OWNER[action]} can do that to an order`,
        }),
      );
    }
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
    expect(() => transition(from, action, OWNER[action])).toThrow(message);
  });

  it('never moves an order out of completed or cancelled', () => {
    for (const from of ['completed', 'cancelled'] as const) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) expect(canTransition(from, action, actor)).toBe(false);
      }
    }
  });

  it('counts escrow_held and tracking_uploaded as funds held in escrow', () => {
    expect(HELD_STATUSES).toEqual(['escrow_held', 'tracking_uploaded']);
  });
});
