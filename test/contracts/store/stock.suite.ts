import { describe, expect, it } from 'vitest';
import { newOrder } from '@test/support/store-rows';
import { setupFor, type StoreKind } from './store-under-test';

export function stockContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`ProductRepository stock (${kind.name})`, () => {
    it('takeUnit takes one unit at a time, leaving the status to the caller', async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 2 });
      expect(await store.products.takeUnit(p.id)).toMatchObject({
        soldQuantity: 1,
        status: 'active',
      });
      expect(await store.products.takeUnit(p.id)).toMatchObject({
        soldQuantity: 2,
        status: 'active',
      });
      expect(await store.products.takeUnit(p.id)).toBeNull();
      expect(await store.products.findById(p.id)).toMatchObject({
        soldQuantity: 2,
        status: 'active',
      });
    });

    it('takeUnit takes nothing from a product that is not active, or unknown', async () => {
      const { store, product } = await setup();
      for (const status of ['inactive', 'deleted', 'removed', 'sold'] as const) {
        const p = await product({ status, quantity: 5 });
        expect(await store.products.takeUnit(p.id)).toBeNull();
        expect(await store.products.findById(p.id)).toMatchObject({ soldQuantity: 0, status });
      }
      expect(await store.products.takeUnit(9999)).toBeNull();
    });

    it('returnUnit gives a unit back and leaves the status as it is', async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 1 });
      await store.products.takeUnit(p.id);
      await store.products.setStatus(p.id, 'sold');
      expect(await store.products.returnUnit(p.id)).toMatchObject({
        soldQuantity: 0,
        status: 'sold',
      });
      expect(await store.products.returnUnit(p.id)).toBeNull();
      expect(await store.products.findById(p.id)).toMatchObject({ soldQuantity: 0 });
      expect(await store.products.returnUnit(9999)).toBeNull();
    });

    it('returnUnit never brings back a deleted, removed or inactive product', async () => {
      const { store, product } = await setup();
      for (const status of ['deleted', 'removed', 'inactive'] as const) {
        const p = await product({ quantity: 3 });
        await store.products.takeUnit(p.id);
        await store.products.setStatus(p.id, status);
        expect(await store.products.returnUnit(p.id)).toMatchObject({ soldQuantity: 0, status });
      }
    });

    it(`50 concurrent takeUnit on quantity 10: exactly 10 succeed (${kind.name})`, async () => {
      const { store, product } = await setup();
      const p = await product({ quantity: 10 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () => store.products.takeUnit(p.id)),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(10);
      expect(await store.products.findById(p.id)).toMatchObject({ soldQuantity: 10 });
    });

    it(`50 concurrent purchases (take a unit + record the order in one transaction): 10 orders (${kind.name})`, async () => {
      const { store, countOrders, product, user } = await setup();
      const p = await product({ quantity: 10 });
      const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => user(`buyer-${i}`)));
      const outcomes = await Promise.allSettled(
        buyers.map((buyer) =>
          store.transaction(async (tx) => {
            const taken = await tx.products.takeUnit(p.id);
            if (!taken) throw new Error('sold out');
            return tx.orders.create(newOrder(p.id, buyer.id, p.sellerId));
          }),
        ),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(10);
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual(
        Array(40).fill('Error: sold out'),
      );
      expect(await countOrders(p.id)).toBe(10);
      expect(await store.products.findById(p.id)).toMatchObject({ soldQuantity: 10 });
    });
  });
}
