import { describe, expect, it } from 'vitest';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

export function reputationContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`reviews and reputation (${kind.name})`, () => {
    it('keeps one review per order, answered once, and computes the seller’s record', async () => {
      const { store, order } = await setup();
      const o = await order({ status: 'completed', price: '2.50' });
      const review = {
        orderId: o.id,
        sellerId: o.sellerId,
        buyerId: o.buyerId,
        rating: 4,
        comment: 'ok',
      };
      expect(await store.reviews.create(review)).toMatchObject({ rating: 4, reply: null });
      // Two sent at once get past the use case's look together: the second says why, in words.
      expect((await domainError(store.reviews.create(review), 'conflict')).message).toBe(
        'This order has been reviewed already',
      );
      expect(await store.reviews.reply(o.id, 'thanks', new Date())).toMatchObject({
        reply: 'thanks',
      });
      expect(await store.reviews.reply(o.id, 'again', new Date())).toBeNull();
      const [rep] = await store.reviews.reputations([o.sellerId]);
      expect(rep).toMatchObject({
        sellerId: o.sellerId,
        averageRating: 4,
        reviews: 1,
        completedSales: 1,
        volume: '2.50',
        paidOrders: 1,
        disputes: 0,
        disputesLost: 0,
      });
      const page = await store.reviews.listBySeller(o.sellerId, { limit: 5 });
      expect(page.items.map((r) => r.orderId)).toEqual([o.id]);
    });

    it('counts in the volume what the seller kept: a split’s buyer part is not the seller’s', async () => {
      const { store, order } = await setup();
      const whole = await order({ status: 'completed', price: '2.50' });
      const split = await order({ status: 'completed', price: '1.00', sellerId: whole.sellerId });
      const part = { orderId: split.id, signature: 'split-sig', action: 'split' as const };
      await store.payouts.record({
        ...part,
        recipient: 'seller',
        wallet: 's',
        lamports: 400_000_000n,
      });
      await store.payouts.record({
        ...part,
        recipient: 'buyer',
        wallet: 'b',
        lamports: 600_000_001n,
      });
      const [rep] = await store.reviews.reputations([whole.sellerId]);
      // 2.50 + 1.00 - 0.600000001 = 2.899999999: shown to 2 decimals.
      expect(rep).toMatchObject({ completedSales: 2, volume: '2.90' });
    });
  });

  describe(`notifications and the event log (${kind.name})`, () => {
    it('counts unread notifications, marks them read, and logs a change for each write', async () => {
      const { store, order, user } = await setup();
      const before = await store.events.latestId();
      const o = await order();
      const reader = await user();
      const note = await store.notifications.add({
        userId: reader.id,
        kind: 'sale',
        orderId: o.id,
        text: 'New sale',
      });
      expect((await store.notifications.list(reader.id, 10)).unread).toBe(1);
      // The order's buyer reads it as the buyer; a reader who is no party to it, with no part.
      expect((await store.notifications.list(reader.id, 10)).items[0]!.role).toBeNull();
      await store.notifications.add({
        userId: o.buyerId,
        kind: 'shipped',
        orderId: o.id,
        text: 'x',
      });
      expect((await store.notifications.list(o.buyerId, 10)).items[0]!.role).toBe('buyer');
      expect(await store.notifications.markRead(reader.id, [note.id], new Date())).toBe(1);
      expect(await store.notifications.markRead(reader.id, 'all', new Date())).toBe(0);
      expect((await store.notifications.list(reader.id, 10)).unread).toBe(0);
      const events = await store.events.since(before, 100);
      const topics = events.map((e) => `${e.topic}:${e.subjectId}`);
      expect(topics).toContain(`order:${o.id}`);
      expect(topics).toContain(`notification:${note.id}`);
      const orderEvent = events.find((e) => e.topic === 'order')!;
      expect(orderEvent).toMatchObject({
        userIds: [o.buyerId, o.sellerId],
        admins: true,
        public: false,
      });
      expect(await store.events.latestId()).toBe(events.at(-1)!.id);
    });
  });
}
