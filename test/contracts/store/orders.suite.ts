import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@src/domain/order';
import { domainError } from '@test/support/domain-error';
import { newOrder } from '@test/support/store-rows';
import { setupFor, type StoreKind } from './store-under-test';

export function ordersContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`OrderRepository (${kind.name})`, () => {
    it('creates an order and reads it back with its product summary', async () => {
      const { store, user, product } = await setup();
      const p = await product({ name: 'Lamp', images: ['/uploads/1.jpg', '/uploads/2.jpg'] });
      const buyer = await user();
      const created = await store.orders.create({
        ...newOrder(p.id, buyer.id, p.sellerId),
        price: '3.5',
        escrowTransactionHash: 'escrow-sig',
        buyerEmail: 'b@example.com',
      });
      expect(created).toEqual({
        id: expect.any(Number),
        productId: p.id,
        buyerId: buyer.id,
        sellerId: p.sellerId,
        price: '3.50',
        status: 'escrow_held',
        transactionHash: null,
        escrowTransactionHash: 'escrow-sig',
        releaseTransactionHash: null,
        refundTransactionHash: null,
        trackingNumber: null,
        proofOfDelivery: null,
        deliveryImages: [],
        uploadedFiles: [],
        buyerAddress: null,
        buyerEmail: 'b@example.com',
        buyerName: null,
        createdAt: expect.stringMatching(/Z$/),
        trackingUploadedAt: null,
        fundsReleasedAt: null,
        refundedAt: null,
        handlingDays: null,
        shipBy: null,
        autoRefundAt: null,
        inspectionEndsAt: null,
        receivedAt: null,
        dueSince: null,
        dueReason: null,
      });
      expect(await store.orders.findById(created.id)).toEqual({
        ...created,
        product: { id: p.id, name: 'Lamp', image: '/uploads/1.jpg', status: 'active' },
      });
      expect(await store.orders.findById(created.id + 100)).toBeNull();
      expect(await store.orders.findByEscrowSignature('escrow-sig')).toEqual(created);
      expect(await store.orders.findByEscrowSignature('other')).toBeNull();
    });

    it("takes the summary image from the product's first image, or none", async () => {
      const { store, order } = await setup();
      const two = await order();
      await store.products.update(two.productId, { images: ['/a.jpg', '/b.jpg'] });
      expect((await store.orders.findById(two.id))?.product?.image).toBe('/a.jpg');
      const none = await order();
      expect((await store.orders.findById(none.id))?.product).toMatchObject({ image: null });
    });

    it('lists by buyer, by seller and by status, newest first', async () => {
      const { store, user, product } = await setup();
      const [alice, bob] = [await user(), await user()];
      const p = await product({ quantity: 5 });
      const q = await product();
      const o1 = await store.orders.create(newOrder(p.id, alice.id, p.sellerId));
      const o2 = await store.orders.create({
        ...newOrder(q.id, bob.id, q.sellerId),
        status: 'pending',
      });
      const o3 = await store.orders.create(newOrder(p.id, alice.id, p.sellerId));
      const ids = (orders: { id: number }[]) => orders.map((o) => o.id);
      expect(ids(await store.orders.listByBuyer(alice.id))).toEqual([o3.id, o1.id]);
      expect(ids(await store.orders.listBySeller(p.sellerId))).toEqual([o3.id, o1.id]);
      expect(ids(await store.orders.listBySeller(q.sellerId))).toEqual([o2.id]);
      expect(ids(await store.orders.listByStatus(['escrow_held']))).toEqual([o3.id, o1.id]);
      expect(ids(await store.orders.listByStatus(['pending', 'escrow_held']))).toEqual([
        o3.id,
        o2.id,
        o1.id,
      ]);
      expect(await store.orders.listByStatus([])).toEqual([]);
      expect((await store.orders.listByBuyer(alice.id))[0]?.product?.id).toBe(p.id);
    });

    it('updates only while the order is in the expected status', async () => {
      const { store, order } = await setup();
      const o = await order();
      const at = '2030-05-06T07:08:09.123Z';
      const moved = await store.orders.update(o.id, 'escrow_held', {
        status: 'tracking_uploaded',
        trackingNumber: 'TRACK1',
        uploadedFiles: ['proof.pdf', 'photo.jpg'],
        deliveryImages: ['photo.jpg'],
        trackingUploadedAt: at,
      });
      expect(moved).toEqual({
        ...o,
        status: 'tracking_uploaded',
        trackingNumber: 'TRACK1',
        uploadedFiles: ['proof.pdf', 'photo.jpg'],
        deliveryImages: ['photo.jpg'],
        trackingUploadedAt: at,
      });
      expect(await store.orders.update(o.id, 'escrow_held', { status: 'cancelled' })).toBeNull();
      expect(await store.orders.findById(o.id)).toMatchObject({ status: 'tracking_uploaded' });
      expect(await store.orders.update(o.id, 'tracking_uploaded', {})).toEqual(moved);
      expect(await store.orders.update(o.id + 100, 'tracking_uploaded', {})).toBeNull();
    });

    it('hands out copies: changing an order or its file lists changes nothing stored', async () => {
      const { store, order } = await setup();
      const o = await order();
      const files = ['proof.pdf'];
      const moved = await store.orders.update(o.id, 'escrow_held', { uploadedFiles: files });
      files.push('sneaked-in.pdf');
      moved!.uploadedFiles!.push('other.pdf');
      moved!.status = 'completed';
      (await store.orders.findById(o.id))!.deliveryImages.push('x.jpg');
      (await store.orders.listByBuyer(o.buyerId))[0]!.product!.name = 'Changed';
      expect(await store.orders.findById(o.id)).toMatchObject({
        status: 'escrow_held',
        uploadedFiles: ['proof.pdf'],
        deliveryImages: [],
        product: { name: 'Vintage camera' },
      });
    });

    it('of two concurrent guarded updates from the same status exactly one wins', async () => {
      const { store, order } = await setup();
      const o = await order({ status: 'tracking_uploaded' });
      const [release, refund] = await Promise.all([
        store.orders.update(o.id, 'tracking_uploaded', { status: 'completed' }),
        store.orders.update(o.id, 'tracking_uploaded', { status: 'cancelled' }),
      ]);
      expect([release, refund].filter((r) => r !== null)).toHaveLength(1);
    });

    it('accepts every order status the domain knows and refuses any other', async () => {
      const { order } = await setup();
      for (const status of ORDER_STATUSES) await order({ status });
      const error = await domainError(order({ status: 'lost' as never }), 'validation');
      expect(error.message).toBe('Unknown order status');
    });

    it('refuses a price of 0 and unknown product, buyer or seller', async () => {
      const { store, user, product } = await setup();
      const p = await product();
      const buyer = await user();
      const free = store.orders.create({ ...newOrder(p.id, buyer.id, p.sellerId), price: '0' });
      expect((await domainError(free, 'validation')).message).toBe('Price must be greater than 0');
      const missing = async (o: Parameters<typeof store.orders.create>[0], message: string) =>
        expect((await domainError(store.orders.create(o), 'not_found')).message).toBe(message);
      await missing(newOrder(999, buyer.id, p.sellerId), 'The referenced product does not exist');
      await missing(newOrder(p.id, 999, p.sellerId), 'The referenced buyer (user) does not exist');
      await missing(newOrder(p.id, buyer.id, 999), 'The referenced seller (user) does not exist');
    });

    it('refuses a second order with the same escrow, release or refund signature', async () => {
      const { store, order } = await setup();
      const first = await order({ escrowTransactionHash: 'same' });
      const error = await domainError(order({ escrowTransactionHash: 'same' }), 'conflict');
      expect(error.message).toBe('This transaction signature has already been used');
      const other = await order();
      await store.orders.update(first.id, 'escrow_held', { releaseTransactionHash: 'rel' });
      await domainError(
        store.orders.update(other.id, 'escrow_held', { releaseTransactionHash: 'rel' }),
        'conflict',
      );
      await store.orders.update(first.id, 'escrow_held', { refundTransactionHash: 'ref' });
      await domainError(
        store.orders.update(other.id, 'escrow_held', { refundTransactionHash: 'ref' }),
        'conflict',
      );
    });
  });
}
