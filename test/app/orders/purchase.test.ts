import { describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { domainError } from '@test/support/domain-error';
import { setup, stock, type World } from './purchase-setup';

describe('purchase', () => {
  it('records a paid order for a payment the chain confirms, with the ledger and the signature', async () => {
    const w = await setup({ requiresEmail: true, quantity: 2 });
    const cmd = w.command({ contact: { buyerEmail: 'b@example.com' } });
    const { order, created } = await w.buy(w.buyer, cmd);
    expect(created).toBe(true);
    expect(order).toMatchObject({
      productId: w.product.id,
      buyerId: w.buyer.userId,
      sellerId: w.seller.userId,
      price: w.product.price,
      status: 'escrow_held',
      escrowTransactionHash: cmd.signature,
      buyerEmail: 'b@example.com',
    });
    expect(await w.store.payments.findBySignature(cmd.signature)).toMatchObject({
      payerWallet: w.buyer.walletAddress,
      lamports: solToLamports(w.product.price),
      productId: w.product.id,
      orderId: order.id,
      status: 'matched',
    });
    expect(await w.store.signatures.find(cmd.signature)).toEqual({
      purpose: 'payment',
      orderId: null,
    });
    expect(await stock(w, w.product.id)).toEqual({ soldQuantity: 1, status: 'active' });
  });

  it('sells the product out with its last unit', async () => {
    const w = await setup({ quantity: 1 });
    await w.buy(w.buyer, w.command());
    expect(await stock(w, w.product.id)).toEqual({ soldQuantity: 1, status: 'sold' });
  });

  it('answers the same order when the same payment is posted again, writing nothing', async () => {
    const w = await setup({ quantity: 3 });
    const cmd = w.command();
    const first = await w.buy(w.buyer, cmd);
    const before = w.contents();
    const again = await w.buy(w.buyer, cmd);
    expect(again).toEqual({ order: first.order, created: false });
    expect(w.contents()).toEqual(before);
  });

  it.each<[string, (w: World) => Promise<unknown>]>([
    ['its price changed', (w) => w.store.products.update(w.product.id, { price: '99.00' })],
    ['it sold out', (w) => w.store.products.update(w.product.id, { status: 'sold' })],
    [
      'it now asks for an email',
      (w) => w.store.products.update(w.product.id, { requiresEmail: true }),
    ],
    ['it was deleted', (w) => w.store.products.setStatus(w.product.id, 'deleted')],
  ])(
    'answers the order to a payment posted again after the product changed (%s), writing nothing',
    async (_what, change) => {
      const w = await setup({ quantity: 3 });
      const cmd = w.command();
      const first = await w.buy(w.buyer, cmd);
      await change(w);
      const before = w.contents();
      expect(await w.buy(w.buyer, cmd)).toEqual({ order: first.order, created: false });
      expect(w.contents()).toEqual(before);
    },
  );

  it('answers one order to two posts of the same payment at once', async () => {
    const w = await setup({ quantity: 3 });
    const cmd = w.command();
    const [a, b] = await Promise.all([w.buy(w.buyer, cmd), w.buy(w.buyer, cmd)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.order.id).toBe(b.order.id);
    expect(await w.store.orders.listByBuyer(w.buyer.userId)).toHaveLength(1);
  });

  it('refuses a signature that already bought something else', async () => {
    const w = await setup({ quantity: 3 });
    const cmd = w.command();
    await w.buy(w.buyer, cmd);
    const other = await w.listing(w.seller);
    const error = await domainError(w.buy(w.buyer, { ...cmd, productId: other.id }), 'conflict');
    expect(error.message).toBe('This transaction signature has already been used');
  });

  it('refuses a signature a payout already claimed, writing nothing', async () => {
    const w = await setup({ quantity: 3 });
    const cmd = w.command();
    await w.store.transaction((tx) => tx.signatures.claim(cmd.signature, 'release', null));
    const before = w.contents();
    const error = await domainError(w.buy(w.buyer, cmd), 'conflict');
    expect(error.message).toBe('This transaction signature has already been used');
    expect(w.contents()).toEqual(before);
  });

  it('answers a missing product before the chain’s refusal of an unknown signature', async () => {
    const w = await setup();
    const cmd = { ...w.command(), productId: 9999, signature: '1'.repeat(88) };
    const error = await domainError(w.buy(w.buyer, cmd), 'not_found');
    expect(error.message).toBe('Product not found');
  });

  it('refuses a visitor and a buyer posting for someone else', async () => {
    const w = await setup();
    await domainError(w.buy(null, w.command()), 'unauthenticated');
    const other = await w.person();
    await domainError(w.buy(other, w.command()), 'forbidden');
  });

  it('keeps a verified payment for an unknown product as refund-due, not lost', async () => {
    const w = await setup();
    const error = await domainError(w.buy(w.buyer, w.command({ productId: 999 })), 'conflict');
    expect(error.message).toMatch(/could not buy this product: the product no longer exists/);
  });

  it("refuses a sellerId that is not the product's seller", async () => {
    const w = await setup();
    const other = await w.person();
    const error = await domainError(
      w.buy(w.buyer, w.command({ sellerId: other.userId })),
      'validation',
    );
    expect(error.message).toBe('sellerId is not this product’s seller');
  });

  it('refuses a seller buying their own product', async () => {
    const w = await setup();
    const cmd = {
      ...w.command(),
      buyerId: w.seller.userId,
      signature: w.pay(w.seller, w.product.price),
    };
    await domainError(w.buy(w.seller, cmd), 'forbidden');
  });

  it.each([
    ['an email', { requiresEmail: true }, {}, 'Email is required'],
    [
      'a valid email',
      { requiresEmail: true },
      { buyerEmail: 'not-an-email' },
      'Please enter a valid email address',
    ],
    [
      'a shipping address',
      { requiresAddress: true },
      { buyerAddress: '  ' },
      'Shipping address is required',
    ],
    ['a name', { requiresName: true }, {}, 'Full name is required'],
  ])(
    'refuses a purchase without %s when the product requires it, writing nothing',
    async (_what, needs, contact, message) => {
      const w = await setup(needs);
      const before = w.contents();
      const error = await domainError(w.buy(w.buyer, w.command({ contact })), 'validation');
      expect(error.message).toBe(message);
      expect(w.contents()).toEqual(before);
    },
  );

  it('asks for no contact detail the product does not require', async () => {
    const w = await setup();
    const { order } = await w.buy(w.buyer, w.command({ contact: { buyerEmail: 'not-checked' } }));
    expect(order.buyerEmail).toBe('not-checked');
  });
});
