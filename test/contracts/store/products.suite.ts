import { describe, expect, it } from 'vitest';
import { domainError } from '@test/support/domain-error';
import { newProduct } from '@test/support/store-rows';
import { setupFor, type StoreKind } from './store-under-test';

export function productsContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`ProductRepository (${kind.name})`, () => {
    it('creates a product with the defaults and reads it back', async () => {
      const { store, user } = await setup();
      const seller = await user();
      const created = await store.products.create({
        ...newProduct(seller.id),
        price: '12.5',
        location: 'Berlin',
        images: ['/uploads/a.jpg'],
        requiresEmail: true,
        quantity: 3,
      });
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Vintage camera',
        description: 'A working film camera',
        price: '12.50',
        category: 'physical-items',
        condition: 'good',
        sellerId: seller.id,
        status: 'active',
        location: 'Berlin',
        images: ['/uploads/a.jpg'],
        requiresAddress: false,
        requiresEmail: true,
        requiresName: false,
        quantity: 3,
        soldQuantity: 0,
        handlingDays: 3,
        createdAt: expect.stringMatching(/Z$/),
      });
      expect(await store.products.findById(created.id)).toEqual(created);
      expect(await store.products.findById(created.id + 1000)).toBeNull();
    });

    it('keeps the images in their order, and none as an empty list', async () => {
      const { store, product } = await setup();
      const images = ['/uploads/b.png', '/uploads/a.jpg', 'https://example.com/c.gif'];
      const p = await product({ images });
      expect((await store.products.findById(p.id))?.images).toEqual(images);
      expect((await store.products.update(p.id, { images: [] }))?.images).toEqual([]);
      expect((await store.products.findById(p.id))?.images).toEqual([]);
    });

    it('hands out copies: changing a product or its images changes nothing stored', async () => {
      const { store, product } = await setup();
      const images = ['/uploads/a.jpg'];
      const p = await product({ images });
      images.push('/uploads/sneaked-in.jpg');
      p.images.push('/uploads/other.jpg');
      p.name = 'Changed';
      (await store.products.findById(p.id))!.images.length = 0;
      expect(await store.products.findById(p.id)).toMatchObject({
        name: 'Vintage camera',
        images: ['/uploads/a.jpg'],
      });
    });

    it('updates only the fields in the patch; an unknown id gives null', async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 2 });
      const updated = await store.products.update(p.id, {
        name: 'Renamed',
        price: '99999999.99',
      });
      expect(updated).toEqual({ ...p, name: 'Renamed', price: '99999999.99' });
      expect(await store.products.update(p.id, {})).toEqual(updated);
      expect(await store.products.update(p.id + 1000, { name: 'x' })).toBeNull();
    });

    it('sets a status', async () => {
      const { store, product } = await setup();
      const p = await product();
      expect(await store.products.setStatus(p.id, 'deleted')).toMatchObject({ status: 'deleted' });
      expect(await store.products.setStatus(p.id + 1000, 'deleted')).toBeNull();
    });

    it('never moves a final status, and keeps deleting idempotent', async () => {
      const { store, product } = await setup();
      const deleted = await product();
      await store.products.setStatus(deleted.id, 'deleted');
      expect(await store.products.setStatus(deleted.id, 'active')).toBeNull();
      expect(await store.products.setStatus(deleted.id, 'removed')).toBeNull();
      expect(await store.products.setStatus(deleted.id, 'deleted')).toMatchObject({
        status: 'deleted',
      });
      const removed = await product();
      await store.products.setStatus(removed.id, 'removed');
      expect(await store.products.setStatus(removed.id, 'deleted')).toBeNull();
      expect(await store.products.findById(removed.id)).toMatchObject({ status: 'removed' });
    });

    it('applies an edit only onto the product as it was read', async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 3 });
      const asRead = { status: p.status, soldQuantity: p.soldQuantity, images: p.images };
      await store.products.setStatus(p.id, 'deleted');
      expect(
        await store.products.update(p.id, { name: 'Revived', status: 'active' }, asRead),
      ).toBeNull();
      expect(await store.products.findById(p.id)).toMatchObject({
        status: 'deleted',
        name: p.name,
      });
      const q = await product({ quantity: 3 });
      await store.products.takeUnit(q.id);
      const stale = { status: q.status, soldQuantity: q.soldQuantity, images: q.images };
      expect(await store.products.update(q.id, { name: 'Stale' }, stale)).toBeNull();
      const fresh = { status: q.status, soldQuantity: q.soldQuantity + 1, images: q.images };
      expect(await store.products.update(q.id, { name: 'Fresh' }, fresh)).toMatchObject({
        name: 'Fresh',
      });
    });

    it('applies an edit only onto the images as read (another edit may have dropped one)', async () => {
      const { store, product } = await setup();
      const p = await product({ images: ['/uploads/img-a.jpg', '/uploads/img-b.jpg'] });
      const asRead = { status: p.status, soldQuantity: p.soldQuantity, images: p.images };
      await store.products.update(p.id, { images: ['/uploads/img-b.jpg'] }, asRead);
      expect(await store.products.update(p.id, { images: p.images }, asRead)).toBeNull();
      expect((await store.products.findById(p.id))?.images).toEqual(['/uploads/img-b.jpg']);
      const none = await product({ images: [] });
      const noneRead = { status: none.status, soldQuantity: 0, images: none.images };
      expect(await store.products.update(none.id, { name: 'Kept' }, noneRead)).toMatchObject({
        name: 'Kept',
      });
    });

    it('compares images as read, whatever older form the row stores them in', async (ctx) => {
      const db = await setup();
      if (!db.sql) return ctx.skip(); // only a store with SQL holds text no port writes
      const forms = [
        ' /a.jpg , /b.jpg',
        '["/a.jpg", "/b.jpg"]',
        '[',
        '',
        'vase.jpg',
        '\u00a0/v.jpg',
      ];
      for (const [i, text] of forms.entries()) {
        const p = await db.product();
        await db.sql('UPDATE products SET image_url = ? WHERE id = ?', [text, p.id]);
        const read = (await db.store.products.findById(p.id))!;
        const asRead = { status: read.status, soldQuantity: 0, images: read.images };
        const name = `Edited ${i}`;
        expect(await db.store.products.update(p.id, { name }, asRead)).toMatchObject({ name });
      }
    });

    it('refuses a quantity below the number already sold', async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 2 });
      await store.products.takeUnit(p.id);
      await store.products.takeUnit(p.id);
      const error = await domainError(store.products.update(p.id, { quantity: 1 }), 'validation');
      expect(error.message).toBe('Quantity cannot be less than the number already sold');
    });

    it('refuses a product whose seller does not exist', async () => {
      const { store } = await setup();
      const error = await domainError(store.products.create(newProduct(4242)), 'not_found');
      expect(error.message).toBe('The referenced seller (user) does not exist');
    });

    it('deletes a product only while nothing references it', async () => {
      const { store, product, order, user } = await setup();
      const free = await product();
      expect(await store.products.deleteIfUnreferenced(free.id)).toBe(true);
      expect(await store.products.findById(free.id)).toBeNull();
      expect(await store.products.deleteIfUnreferenced(free.id)).toBe(false);

      const ordered = await order();
      expect(await store.products.deleteIfUnreferenced(ordered.productId)).toBe(false);
      expect(await store.products.findById(ordered.productId)).not.toBeNull();

      const paid = await product();
      await store.payments.record({
        signature: 'pay-1',
        payerWallet: (await user()).walletAddress,
        lamports: 1n,
        productId: paid.id,
        orderId: null,
        status: 'refund_due',
        reason: 'sold out',
      });
      expect(await store.products.deleteIfUnreferenced(paid.id)).toBe(false);
    });
  });
}
