import { describe, expect, it } from 'vitest';
import { ESCROW } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';
import { setup, stock, type World } from './purchase-setup';

// What purchase does with the payment: verified first; one that can no longer buy is refund due.
describe('purchase', () => {
  it.each<[string, (w: World) => string]>([
    ['a transfer the chain does not know', () => 'unknown-signature'],
    ['a transfer of another amount', (w) => w.pay(w.buyer, '1.00')],
    [
      'a transfer to another wallet',
      (w) => w.chain.pay(w.buyer.walletAddress, 'Elsewhere', w.price),
    ],
    ['a transfer from another payer', (w) => w.chain.pay('SomeoneElse', ESCROW, w.price)],
    [
      'a transfer that failed',
      (w) => w.chain.pay(w.buyer.walletAddress, ESCROW, w.price, { failed: true }),
    ],
  ])('refuses %s and writes nothing', async (_what, payment) => {
    const w = await setup();
    const cmd = w.command({ signature: payment(w) });
    const before = w.contents();
    await domainError(w.buy(w.buyer, cmd), 'payment_invalid');
    expect(w.contents()).toEqual(before);
  });

  it('keeps a payment of an old price as refund due, with no order and the stock untouched', async () => {
    const w = await setup();
    const oldPrice = w.product.price;
    await w.store.products.update(w.product.id, { price: '20.00' });
    const cmd = w.command({ price: oldPrice }, oldPrice);
    const error = await domainError(w.buy(w.buyer, cmd), 'conflict');
    expect(error.message).toBe(
      `Your payment was received but could not buy this product: the price is now 20.00 SOL, you paid ${oldPrice} SOL. It is flagged for a refund to your wallet.`,
    );
    expect(await w.store.payments.findBySignature(cmd.signature)).toMatchObject({
      status: 'refund_due',
      orderId: null,
      productId: w.product.id,
      reason: `the price is now 20.00 SOL, you paid ${oldPrice} SOL`,
    });
    expect(await w.store.orders.listByBuyer(w.buyer.userId)).toEqual([]);
    expect(await stock(w, w.product.id)).toEqual({ soldQuantity: 0, status: 'active' });
    expect(w.logger.messages('warn')).toEqual(['verified payment flagged for refund']);
  });

  it('keeps a payment for a product sold out meanwhile as refund due', async () => {
    const w = await setup({ quantity: 1 });
    const rival = await w.person();
    await w.buy(rival, {
      ...w.command(),
      buyerId: rival.userId,
      signature: w.pay(rival, w.product.price),
    });
    const cmd = w.command();
    const error = await domainError(w.buy(w.buyer, cmd), 'conflict');
    expect(error.message).toMatch(/could not buy this product: the product is no longer available/);
    expect(await w.store.payments.findBySignature(cmd.signature)).toMatchObject({
      status: 'refund_due',
      reason: 'the product is no longer available',
    });
    expect(await w.store.orders.listByBuyer(w.buyer.userId)).toEqual([]);
  });

  it('answers a payment flagged for refund, when posted again, with its reason', async () => {
    const w = await setup({ status: 'inactive' });
    const cmd = w.command();
    await domainError(w.buy(w.buyer, cmd), 'conflict');
    const error = await domainError(w.buy(w.buyer, cmd), 'conflict');
    expect(error.message).toBe(
      'This payment could not buy the product (the product is no longer available); it is flagged for a refund',
    );
  });
});
