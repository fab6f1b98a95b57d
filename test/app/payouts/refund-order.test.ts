import { describe, expect, it } from 'vitest';
import { adminPayout } from '@src/app/payouts/admin-payout';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup(opts: { shipped?: boolean; quantity?: number } = {}) {
  const world = appWorld();
  const sale = await world.sale(opts);
  return { ...world, ...sale, refund: adminPayout(world.deps, 'refund') };
}

describe('refundOrder', () => {
  it('cancels an order paid back to its buyer: the unit returns, the ledger says refunded', async () => {
    const w = await setup();
    expect(await w.store.products.findById(w.product.id)).toMatchObject({ status: 'sold' });
    const signature = w.payOut(w.buyer, w.order.price);
    const done = await w.refund(w.admin, ADMIN, w.order.id, signature);
    expect(done).toMatchObject({
      status: 'cancelled',
      refundTransactionHash: signature,
      refundedAt: '2030-01-01T12:00:00.000Z',
    });
    expect(await w.store.products.findById(w.product.id)).toMatchObject({
      soldQuantity: 0,
      status: 'active',
    });
    expect(await w.store.payments.findBySignature(w.order.escrowTransactionHash!)).toMatchObject({
      status: 'refunded',
      refundSignature: signature,
    });
    expect(await w.store.signatures.find(signature)).toEqual({
      purpose: 'refund',
      orderId: w.order.id,
    });
  });

  it('refunds a shipped order too', async () => {
    const w = await setup({ shipped: true });
    const done = await w.refund(w.admin, ADMIN, w.order.id, w.payOut(w.buyer, w.order.price));
    expect(done.status).toBe('cancelled');
  });

  it('gives the unit back without bringing back a product an admin removed', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.product.id, 'deleted');
    await w.refund(w.admin, ADMIN, w.order.id, w.payOut(w.buyer, w.order.price));
    expect(await w.store.products.findById(w.product.id)).toMatchObject({
      soldQuantity: 0,
      status: 'deleted',
    });
  });

  it('refuses an order already cancelled, writing nothing', async () => {
    const w = await setup();
    await w.refund(w.admin, ADMIN, w.order.id, w.payOut(w.buyer, w.order.price));
    const before = w.contents();
    const error = await domainError(
      w.refund(w.admin, ADMIN, w.order.id, w.payOut(w.buyer, w.order.price)),
      'invalid_transition',
    );
    expect(error.message).toBe(
      'A refund can only be made for an order whose funds are still in escrow; this order is cancelled',
    );
    expect(w.contents()).toEqual(before);
  });

  it('refuses a payout to the seller instead of the buyer, writing nothing', async () => {
    const w = await setup();
    const before = w.contents();
    await domainError(
      w.refund(w.admin, ADMIN, w.order.id, w.payOut(w.seller, w.order.price)),
      'payment_invalid',
    );
    expect(w.contents()).toEqual(before);
  });

  it('refuses a signature that already settled something else, writing nothing', async () => {
    const w = await setup();
    const reused = w.payOut(w.buyer, w.order.price);
    await w.store.signatures.claim(reused, 'refund', null);
    const before = w.contents();
    const error = await domainError(w.refund(w.admin, ADMIN, w.order.id, reused), 'conflict');
    expect(error.message).toBe('This transaction signature has already been used');
    expect(w.contents()).toEqual(before);
  });

  it('refuses anyone but an admin', async () => {
    const w = await setup();
    const signature = w.payOut(w.buyer, w.order.price);
    await domainError(w.refund(w.buyer, w.buyer.walletAddress, w.order.id, signature), 'forbidden');
  });
});
