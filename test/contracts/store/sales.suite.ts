import { describe, expect, it } from 'vitest';
import type { NewSale } from '@src/app/ports';
import { newOrder } from '@test/support/store-rows';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

export function salesContract(kind: StoreKind) {
  const setup = setupFor(kind);

  let accounts = 0;
  const saleOf = (productId: number, buyerId: number, sellerId: number): NewSale => {
    const order = {
      ...newOrder(productId, buyerId, sellerId),
      buyerEmail: 'b@example.com',
      handlingDays: 3,
      shipBy: '2026-11-27T10:00:00.000Z',
      autoRefundAt: '2026-12-04T10:00:00.000Z',
    };
    return {
      order,
      signature: order.escrowTransactionHash!,
      payerWallet: 'buyer-wallet',
      lamports: 12_500_000_000n,
      escrowAccount: `escrow-account-${++accounts}`,
      note: 'New sale: Lamp. Ship by Nov 27',
      unavailableReason: 'the product is no longer available',
    };
  };

  describe(`OrderRepository.recordSale (${kind.name})`, () => {
    it('keeps the listing as the order bought it, whatever the product becomes', async () => {
      const { store, product, user, order: made } = await setup();
      const images = ['/uploads/img-a.jpg', '/uploads/img-b.jpg'];
      const p = await product({ quantity: 3, images, condition: 'good' });
      const buyer = await user();
      const order = (await store.orders.recordSale(saleOf(p.id, buyer.id, p.sellerId)))!;
      const asSold = { name: p.name, description: p.description, condition: 'good', images };
      await store.products.update(p.id, { name: 'Edited', images: ['/uploads/img-c.jpg'] });
      expect(await store.orders.listingAsSold(order.id)).toEqual(asSold);
      const again = (await store.orders.recordSale(saleOf(p.id, buyer.id, p.sellerId)))!;
      expect((await store.orders.listingAsSold(again.id))?.images).toEqual(['/uploads/img-c.jpg']);
      expect((await store.orders.imagesSoldWith(p.id)).sort()).toEqual([
        '/uploads/img-a.jpg',
        '/uploads/img-b.jpg',
        '/uploads/img-c.jpg',
      ]);
      // An order not made by a sale (as those from before the listing was kept) has none.
      const other = await made();
      expect(await store.orders.listingAsSold(other.id)).toBeNull();
      expect(await store.orders.imagesSoldWith(other.productId)).toEqual([]);
      expect(await store.orders.listingAsSold(other.id + 1000)).toBeNull();
    });

    it('stores the order, a unit sold, the matched payment, the claim and the seller’s note', async () => {
      const { store, product, user } = await setup();
      const p = await product({ quantity: 2 });
      const buyer = await user();
      const sale = saleOf(p.id, buyer.id, p.sellerId);
      const order = await store.orders.recordSale(sale);
      expect(order).toMatchObject({
        productId: p.id,
        buyerId: buyer.id,
        price: '12.50',
        status: 'escrow_held',
        escrowTransactionHash: sale.signature,
        buyerEmail: 'b@example.com',
        handlingDays: 3,
        shipBy: '2026-11-27T10:00:00.000Z',
        autoRefundAt: '2026-12-04T10:00:00.000Z',
      });
      expect(await store.orders.findByEscrowSignature(sale.signature)).toEqual(order);
      expect(await store.products.findById(p.id)).toMatchObject({
        soldQuantity: 1,
        status: 'active',
      });
      expect(await store.payments.findBySignature(sale.signature)).toMatchObject({
        payerWallet: 'buyer-wallet',
        lamports: 12_500_000_000n,
        productId: p.id,
        orderId: order!.id,
        status: 'matched',
        reason: null,
        escrowAccount: sale.escrowAccount,
      });
      expect(await store.signatures.find(sale.signature)).toEqual({
        purpose: 'payment',
        orderId: null,
      });
      const notes = await store.notifications.list(p.sellerId, 10);
      // Read with the reader's part in the order: where a link to it leads.
      expect(notes.items).toEqual([
        expect.objectContaining({
          kind: 'sale',
          orderId: order!.id,
          text: sale.note,
          role: 'seller',
        }),
      ]);
    });

    it('sells the product out with its last unit', async () => {
      const { store, product, user } = await setup();
      const p = await product({ quantity: 1 });
      await store.orders.recordSale(saleOf(p.id, (await user()).id, p.sellerId));
      expect(await store.products.findById(p.id)).toMatchObject({
        soldQuantity: 1,
        status: 'sold',
      });
    });

    it('keeps a payment that can buy nothing as refund-due, its signature claimed', async () => {
      const { store, product, user, countOrders } = await setup();
      for (const status of ['active', 'inactive', 'removed'] as const) {
        const p = await product({ quantity: 1, status });
        if (status === 'active')
          await store.orders.recordSale(saleOf(p.id, (await user()).id, p.sellerId));
        const late = saleOf(p.id, (await user()).id, p.sellerId);
        expect(await store.orders.recordSale(late)).toBeNull();
        expect(await store.payments.findBySignature(late.signature)).toMatchObject({
          orderId: null,
          status: 'refund_due',
          reason: 'the product is no longer available',
          lamports: 12_500_000_000n,
          escrowAccount: late.escrowAccount,
        });
        expect(await store.signatures.find(late.signature)).toEqual({
          purpose: 'payment',
          orderId: null,
        });
        expect(await countOrders(p.id)).toBe(status === 'active' ? 1 : 0);
        expect(await store.products.findById(p.id)).toMatchObject({
          soldQuantity: status === 'active' ? 1 : 0,
        });
      }
    });

    it('refuses a signature already claimed, and writes nothing', async () => {
      const { store, product, user, countOrders } = await setup();
      const p = await product({ quantity: 5 });
      const sale = saleOf(p.id, (await user()).id, p.sellerId);
      await store.signatures.claim(sale.signature, 'release', null);
      await domainError(store.orders.recordSale(sale), 'conflict');
      expect(await countOrders(p.id)).toBe(0);
      expect(await store.products.findById(p.id)).toMatchObject({ soldQuantity: 0 });
      expect(await store.payments.findBySignature(sale.signature)).toBeNull();
      expect((await store.notifications.list(p.sellerId, 10)).items).toEqual([]);
    });

    it(`20 concurrent sales of quantity 5: 5 orders, 15 refund-due payments (${kind.name})`, async () => {
      const { store, product, user, countOrders } = await setup();
      const p = await product({ quantity: 5 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => user()));
      const sales = buyers.map((b) => saleOf(p.id, b.id, p.sellerId));
      const orders = await Promise.all(sales.map((s) => store.orders.recordSale(s)));
      expect(orders.filter(Boolean)).toHaveLength(5);
      expect(await countOrders(p.id)).toBe(5);
      expect(await store.products.findById(p.id)).toMatchObject({
        soldQuantity: 5,
        status: 'sold',
      });
      expect(await store.payments.listByStatus('refund_due')).toHaveLength(15);
    });
  });
}
