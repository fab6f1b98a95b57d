import { describe, expect, it } from 'vitest';
import { purchase } from '@src/app/orders/purchase';
import { refundPayment } from '@src/app/payouts/refund-payment';
import { solToLamports } from '@src/domain/money';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

/** A buyer whose payment could not buy a product that is no longer for sale: refund due. */
async function setup() {
  const world = appWorld();
  const [seller, buyer, admin] = [
    await world.person(),
    await world.person(),
    await world.person(ADMIN),
  ];
  const product = await world.listing(seller, { status: 'inactive' });
  const paid = world.pay(buyer, product.price);
  await purchase(world.deps)(buyer, {
    productId: product.id,
    buyerId: buyer.userId,
    sellerId: seller.userId,
    price: product.price,
    signature: paid,
    contact: {},
  }).catch(() => undefined);
  const lamports = solToLamports(product.price);
  return { ...world, seller, buyer, admin, paid, lamports, refund: refundPayment(world.deps) };
}

describe('refundPayment', () => {
  it('marks a refund-due payment refunded by a transfer of the same lamports back to its payer', async () => {
    const w = await setup();
    const signature = w.chain.pay(w.deps.escrowWallet, w.buyer.walletAddress, w.lamports);
    const refunded = await w.refund(w.admin, ADMIN, w.paid, signature);
    expect(refunded).toMatchObject({
      signature: w.paid,
      status: 'refunded',
      refundSignature: signature,
    });
    expect(await w.store.payments.findBySignature(w.paid)).toEqual(refunded);
    expect(await w.store.signatures.find(signature)).toEqual({ purpose: 'refund', orderId: null });
  });

  it('refuses a payment that is not due for a refund', async () => {
    const w = await setup();
    await w.refund(
      w.admin,
      ADMIN,
      w.paid,
      w.chain.pay(w.deps.escrowWallet, w.buyer.walletAddress, w.lamports),
    );
    const again = w.chain.pay(w.deps.escrowWallet, w.buyer.walletAddress, w.lamports);
    const error = await domainError(w.refund(w.admin, ADMIN, w.paid, again), 'conflict');
    expect(error.message).toBe('This payment is refunded, not due for a refund');
    const sale = await w.sale();
    const matched = await domainError(
      w.refund(w.admin, ADMIN, sale.order.escrowTransactionHash!, again),
      'conflict',
    );
    expect(matched.message).toBe('This payment is matched, not due for a refund');
  });

  it.each([
    [
      'of another amount',
      (w: World) => w.chain.pay(w.deps.escrowWallet, w.buyer.walletAddress, 1n),
    ],
    [
      'to another wallet',
      (w: World) => w.chain.pay(w.deps.escrowWallet, w.seller.walletAddress, w.lamports),
    ],
  ])('refuses a transfer %s, leaving the payment due', async (_what, transfer) => {
    const w = await setup();
    const before = w.contents();
    await domainError(w.refund(w.admin, ADMIN, w.paid, transfer(w)), 'payment_invalid');
    expect(w.contents()).toEqual(before);
  });

  it('refuses a signature that already settled something else, leaving the payment due', async () => {
    const w = await setup();
    const signature = w.chain.pay(w.deps.escrowWallet, w.buyer.walletAddress, w.lamports);
    await w.store.signatures.claim(signature, 'release', null);
    const before = w.contents();
    await domainError(w.refund(w.admin, ADMIN, w.paid, signature), 'conflict');
    expect(w.contents()).toEqual(before);
  });

  it('refuses an unknown payment and anyone but an admin', async () => {
    const w = await setup();
    await domainError(w.refund(w.admin, ADMIN, 'unknown', 'x'), 'not_found');
    await domainError(w.refund(w.buyer, w.buyer.walletAddress, w.paid, 'x'), 'forbidden');
  });
});

type World = Awaited<ReturnType<typeof setup>>;
