import { describe, expect, it } from 'vitest';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

const attempt = (orderId: number, reference: string) => ({
  orderId,
  orderStatus: 'escrow_held' as const,
  action: 'release' as const,
  sellerLamports: 5n,
  buyerLamports: 0n,
  reference,
  lastValidBlockHeight: 1000n,
  madeBy: 'admin' as const,
});

export function protectionContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`due payouts (${kind.name})`, () => {
    it('finds release_due and refund_due orders, and those whose deadline has passed', async () => {
      const { store, order } = await setup();
      const now = new Date('2026-11-23T12:00:00Z');
      const past = '2026-11-22T12:00:00.000Z';
      const future = '2026-11-24T12:00:00.000Z';
      const ids = {
        releaseDue: (await order({ status: 'release_due' })).id,
        refundDue: (await order({ status: 'refund_due' })).id,
        unshippedLate: (await order({ status: 'escrow_held', autoRefundAt: past })).id,
        unshippedOnTime: (await order({ status: 'escrow_held', autoRefundAt: future })).id,
        disputed: (await order({ status: 'disputed', autoRefundAt: past })).id,
      };
      const shipped = await order({ status: 'escrow_held' });
      await store.orders.update(shipped.id, 'escrow_held', {
        status: 'tracking_uploaded',
        inspectionEndsAt: past,
      });
      const found = (await store.orders.listDueCandidates(now)).map((o) => o.id);
      expect(found).toEqual(
        [ids.releaseDue, ids.refundDue, ids.unshippedLate, shipped.id].sort((a, b) => a - b),
      );
    });
  });

  describe(`payout attempts (${kind.name})`, () => {
    it('holds at most one open attempt per order: the payout lock', async () => {
      const { store, order } = await setup();
      const o = await order();
      const first = await store.payoutAttempts.open(attempt(o.id, 'ref-1'));
      expect(first).toMatchObject({ status: 'open', signature: null, sellerLamports: 5n });
      expect(
        (await domainError(store.payoutAttempts.open(attempt(o.id, 'ref-2')), 'conflict')).message,
      ).toMatch(/already under way/);
      expect(await store.payoutAttempts.close(first.id, 'abandoned', new Date())).toMatchObject({
        status: 'abandoned',
      });
      expect(await store.payoutAttempts.close(first.id, 'done', new Date())).toBeNull();
      const second = await store.payoutAttempts.open(attempt(o.id, 'ref-2'));
      await store.payoutAttempts.setSignature(second.id, 'sig-2');
      expect(await store.payoutAttempts.findOpen(o.id)).toMatchObject({ signature: 'sig-2' });
      expect((await store.payoutAttempts.listOpen()).map((a) => a.id)).toEqual([second.id]);
    });

    it('opens no attempt for an order that moved on since the payout was planned', async () => {
      const { store, order } = await setup();
      const o = await order();
      await store.orders.update(o.id, 'escrow_held', { status: 'completed' });
      expect(
        (await domainError(store.payoutAttempts.open(attempt(o.id, 'late')), 'conflict')).message,
      ).toBe(`Order #${o.id} has moved on since this payout was planned; nothing was reserved`);
      expect(await store.payoutAttempts.listOpen()).toEqual([]);
    });

    it('refuses a reference used before', async () => {
      const { store, order } = await setup();
      await store.payoutAttempts.open(attempt((await order()).id, 'same'));
      await domainError(store.payoutAttempts.open(attempt((await order()).id, 'same')), 'conflict');
    });
  });

  describe(`disputes, messages and payouts (${kind.name})`, () => {
    it('opens one dispute per order and resolves it once', async () => {
      const { store, order } = await setup();
      const o = await order();
      const d = await store.disputes.open({ orderId: o.id, openedBy: 'buyer', reason: 'damaged' });
      expect(d).toMatchObject({ orderId: o.id, resolution: null, sellerLamports: null });
      expect(
        (
          await domainError(
            store.disputes.open({ orderId: o.id, openedBy: 'seller', reason: 'other' }),
            'conflict',
          )
        ).message,
      ).toMatch(/already been reported/);
      const outcome = {
        resolution: 'split' as const,
        sellerLamports: 3n,
        buyerLamports: 2n,
        resolvedAt: '2026-11-23T12:00:00.000Z',
      };
      expect(await store.disputes.resolve(o.id, outcome)).toMatchObject(outcome);
      expect(await store.disputes.resolve(o.id, { ...outcome, resolution: 'refund' })).toBeNull();
      expect(await store.disputes.findByOrder(o.id)).toMatchObject({ resolution: 'split' });
    });

    it('keeps each order’s thread in order and finds the order of a message’s file', async () => {
      const { store, order, user } = await setup();
      const o = await order();
      const author = await user();
      await store.messages.add({
        orderId: o.id,
        authorId: author.id,
        role: 'buyer',
        body: 'one',
        files: [],
        fileNames: [],
      });
      await store.messages.add({
        orderId: o.id,
        authorId: author.id,
        role: 'admin',
        body: '',
        files: ['proof-a.pdf'],
        fileNames: ['Delivery, signed.pdf'],
      });
      const thread = await store.messages.listByOrder(o.id);
      expect(thread.map((m) => [m.role, m.body, m.files, m.fileNames])).toEqual([
        ['buyer', 'one', [], []],
        ['admin', '', ['proof-a.pdf'], ['Delivery, signed.pdf']],
      ]);
      expect(await store.messages.orderOfFile('proof-a.pdf')).toBe(o.id);
      expect(await store.messages.orderOfFile('proof-b.pdf')).toBeNull();
      await domainError(
        store.messages.add({
          orderId: o.id,
          authorId: author.id,
          role: 'buyer',
          body: ' ',
          files: [],
          fileNames: [],
        }),
        'validation',
      );
    });

    it('records each part of a payout once per signature and recipient', async () => {
      const { store, order } = await setup();
      const o = await order();
      const part = {
        orderId: o.id,
        signature: 's',
        wallet: 'w',
        lamports: 5n,
        action: 'split' as const,
      };
      await store.payouts.record({ ...part, recipient: 'seller' });
      await store.payouts.record({ ...part, recipient: 'buyer', lamports: 3n });
      await domainError(store.payouts.record({ ...part, recipient: 'buyer' }), 'conflict');
      expect((await store.payouts.listByOrder(o.id)).map((p) => [p.recipient, p.lamports])).toEqual(
        [
          ['seller', 5n],
          ['buyer', 3n],
        ],
      );
    });

    it('sums what went back to each order’s buyer, leaving out orders nothing went back for', async () => {
      const { store, order } = await setup();
      const [split, refund, release, open] = [
        await order(),
        await order(),
        await order(),
        await order(),
      ];
      const parts = [
        [split.id, 'split', 'seller', 800n],
        [split.id, 'split', 'buyer', 1_200n],
        [refund.id, 'refund', 'buyer', 2_000n],
        [release.id, 'release', 'seller', 2_000n],
      ] as const;
      for (const [orderId, action, recipient, lamports] of parts) {
        await store.payouts.record({
          orderId,
          signature: action,
          wallet: 'w',
          recipient,
          lamports,
          action,
        });
      }
      const ids = [split.id, refund.id, release.id, open.id];
      expect(await store.payouts.paidToBuyers(ids)).toEqual(
        new Map([
          [split.id, 1_200n],
          [refund.id, 2_000n],
        ]),
      );
      expect(await store.payouts.paidToBuyers([release.id])).toEqual(new Map());
      expect(await store.payouts.paidToBuyers([])).toEqual(new Map());
    });
  });
}
