import { describe, expect, it } from 'vitest';
import { deadlineWords } from '@src/domain/deadline-words';

const order = {
  status: 'escrow_held' as const,
  shipBy: '2026-11-28T10:00:00.000Z',
  autoRefundAt: '2026-12-05T10:00:00.000Z',
  inspectionEndsAt: null,
  dueSince: null,
  dueReason: null,
};
const before = new Date('2026-11-27T00:00:00Z');
const between = new Date('2026-11-30T00:00:00Z');
const after = new Date('2026-12-06T00:00:00Z');

describe('deadlines in plain words', () => {
  it('unshipped: ship by, then the buyer may cancel, then the refund is due', () => {
    expect(deadlineWords(order, 'seller', before)).toBe('Ship by Nov 28');
    expect(deadlineWords(order, 'buyer', between)).toBe(
      'Not shipped by Nov 28: you can cancel for a full refund; refunded automatically on Dec 5',
    );
    expect(deadlineWords(order, 'admin', after)).toBe(
      'Not shipped in time: the refund to the buyer is due since Dec 5',
    );
  });

  it('shipped: paid automatically at the end of the inspection period unless a problem is reported', () => {
    const shipped = {
      ...order,
      status: 'tracking_uploaded' as const,
      inspectionEndsAt: '2026-12-05T10:00:00.000Z',
    };
    expect(deadlineWords(shipped, 'buyer', between)).toBe(
      'Paid to the seller automatically on Dec 5 unless you report a problem',
    );
    expect(deadlineWords(shipped, 'seller', after)).toBe(
      'The inspection period ended on Dec 5: the payment to the seller is due',
    );
  });

  it('due payouts say since when; finished orders wait on nothing', () => {
    const due = {
      ...order,
      status: 'refund_due' as const,
      dueSince: '2026-11-29T00:00:00.000Z',
      dueReason: 'The seller cancelled the order before shipping',
    };
    expect(deadlineWords(due, 'admin', after)).toBe(
      'Refund due since Nov 29: The seller cancelled the order before shipping',
    );
    expect(deadlineWords({ ...order, status: 'completed' }, 'buyer', after)).toBeNull();
  });
});

describe('deadlines in plain words, multisig mode: the party paid claims, nothing is automatic', () => {
  const shipped = {
    ...order,
    status: 'tracking_uploaded' as const,
    inspectionEndsAt: '2026-12-05T10:00:00.000Z',
  };

  it('shipped: the seller claims at the end of the inspection period', () => {
    expect(deadlineWords(shipped, 'seller', between, 'multisig')).toBe(
      'Yours to claim on Dec 5 unless the buyer reports a problem',
    );
    expect(deadlineWords(shipped, 'buyer', between, 'multisig')).toBe(
      'The seller can claim the payment on Dec 5 unless you report a problem',
    );
  });

  it('unshipped past ship-by: the refund is the buyer’s to claim', () => {
    expect(deadlineWords(order, 'buyer', between, 'multisig')).toBe(
      'Not shipped by Nov 28: you can cancel for a full refund; you can claim it on Dec 5',
    );
    expect(deadlineWords(order, 'seller', between, 'multisig')).toBe(
      'Ship-by date (Nov 28) passed: the buyer may cancel; the buyer can claim a refund on Dec 5',
    );
  });

  it('due, in wallet mode: the buyer hears the seller is being paid, and since when', () => {
    const due = { ...order, status: 'release_due' as const, dueSince: '2026-11-29T00:00:00.000Z' };
    expect(deadlineWords(due, 'buyer', after)).toBe('Being paid to the seller (due since Nov 29)');
    expect(deadlineWords({ ...due, dueSince: null }, 'buyer', after)).toBe(
      'Being paid to the seller',
    );
  });

  it('due a moment ago, in wallet mode: on its way, with no "due since" that reads as late', () => {
    const now = new Date('2026-11-29T10:00:00.000Z');
    const fresh = { ...order, status: 'release_due' as const, dueSince: '2026-11-29T09:59:30Z' };
    expect(deadlineWords(fresh, 'buyer', now)).toBe('Being paid to the seller');
    expect(deadlineWords(fresh, 'seller', now)).toBe('Your payment is on its way');
    const refund = { ...fresh, status: 'refund_due' as const };
    expect(deadlineWords(refund, 'buyer', now)).toBe('Your refund is on its way');
    expect(deadlineWords(refund, 'seller', now)).toBe(
      'Cancelled: the buyer’s refund is on its way',
    );
    // The admin sees when it fell due, late or not.
    expect(deadlineWords(fresh, 'admin', now)).toMatch(/^Release due since Nov 29/);
    const late = new Date('2026-11-29T11:30:00.000Z');
    expect(deadlineWords(fresh, 'seller', late)).toBe(
      'Your payment is due since Nov 29: it is on its way',
    );
  });

  it('due or decided: the party paid is told to claim it, the other who will', () => {
    const due = { ...order, status: 'release_due' as const, dueSince: '2026-11-29T00:00:00.000Z' };
    expect(deadlineWords(due, 'seller', after, 'multisig')).toBe(
      'Your payment is due since Nov 29: claim it',
    );
    const refund = { ...order, status: 'refund_due' as const, dueSince: '2026-11-29T00:00:00Z' };
    expect(deadlineWords(refund, 'buyer', after, 'multisig')).toBe(
      'Your refund is due since Nov 29: claim it',
    );
    const released = { ...shipped, decided: 'release' as const };
    expect(deadlineWords(released, 'seller', between, 'multisig')).toBe(
      'The admin decided to pay you: claim your payment',
    );
    expect(deadlineWords(released, 'buyer', between, 'multisig')).toBe(
      'The admin decided to pay the seller, who claims it',
    );
    expect(deadlineWords(released, 'admin', between, 'multisig')).toBeNull();
    const disputed = { ...shipped, status: 'disputed' as const, decided: 'refund' as const };
    expect(deadlineWords(disputed, 'buyer', between, 'multisig')).toBe(
      'The admin decided to refund you: claim your refund',
    );
    // In wallet mode the escrow wallet pays: the words are the spec's.
    expect(deadlineWords(shipped, 'seller', between)).toBe(
      'Paid to you automatically on Dec 5 unless the buyer reports a problem',
    );
  });
});
