import { describe, expect, it } from 'vitest';
import { adminOrders, buyerOrders, sellerOrders } from '@src/app/orders/list-orders';
import { solToLamports } from '@src/domain/money';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup() {
  const world = appWorld();
  const sale = await world.sale();
  return {
    ...world,
    ...sale,
    bought: buyerOrders(world.deps),
    sold: sellerOrders(world.deps),
    queue: adminOrders(world.deps),
  };
}

describe('order lists', () => {
  it("shows a buyer their orders and a seller their sales, each with the product's summary", async () => {
    const w = await setup();
    const summary = { id: w.product.id, name: w.product.name, image: null, status: 'sold' };
    const listed = { ...w.order, product: summary, decided: null, refundedLamports: null };
    expect(await w.bought(w.buyer, w.buyer.userId)).toEqual([listed]);
    expect(await w.sold(w.seller, w.seller.userId)).toEqual([listed]);
  });

  it('carries an admin’s decision not yet paid (the party paid claims it in multisig mode)', async () => {
    const w = await setup();
    const attempt = (madeBy: 'admin' | 'settlement', seller: bigint) =>
      w.deps.store.payoutAttempts.open({
        orderId: w.order.id,
        orderStatus: w.order.status,
        action: seller > 0n ? 'release' : 'refund',
        sellerLamports: seller,
        buyerLamports: 1_000_000_000n - seller,
        reference: `ref-${madeBy}-${seller}`,
        lastValidBlockHeight: 1000n,
        madeBy,
      });
    const decided = async () => (await w.sold(w.seller, w.seller.userId))[0]!.decided;
    // The settlement runner's payout is no one's decision.
    const runner = await attempt('settlement', 0n);
    expect(await decided()).toBeNull();
    await w.deps.store.payoutAttempts.close(runner.id, 'abandoned', new Date());
    // A split pays the seller a part: the seller claims it.
    const split = await attempt('admin', 300_000_000n);
    expect(await decided()).toBe('release');
    expect((await w.bought(w.buyer, w.buyer.userId))[0]!.decided).toBe('release');
    expect((await w.queue(w.admin, ADMIN, ['escrow_held']))[0]!.decided).toBe('release');
    await w.deps.store.payoutAttempts.close(split.id, 'abandoned', new Date());
    await attempt('admin', 0n);
    expect(await decided()).toBe('refund');
  });

  it('carries what went back to the buyer: the ledger’s buyer parts, or a cancelled order’s price', async () => {
    const w = await setup();
    const refunded = async () => (await w.bought(w.buyer, w.buyer.userId))[0]!.refundedLamports;
    expect(await refunded()).toBeNull();
    // A split's buyer part, as the payout step writes it to the ledger.
    await w.deps.store.payouts.record({
      orderId: w.order.id,
      signature: 'split-sig',
      recipient: 'buyer',
      wallet: w.buyer.walletAddress,
      lamports: 600_000_000n,
      action: 'split',
    });
    expect(await refunded()).toBe(600_000_000n);
    expect((await w.sold(w.seller, w.seller.userId))[0]!.refundedLamports).toBe(600_000_000n);
    // Refunded before the ledger was kept: cancelled is reached only by a refund of the price.
    const old = await w.sale();
    await w.deps.store.orders.update(old.order.id, 'escrow_held', { status: 'cancelled' });
    const [listed] = await w.bought(old.buyer, old.buyer.userId);
    expect(listed!.refundedLamports).toBe(solToLamports(old.order.price));
  });

  it("refuses someone else's lists, except to an admin", async () => {
    const w = await setup();
    await domainError(w.bought(w.seller, w.buyer.userId), 'forbidden');
    await domainError(w.sold(w.buyer, w.seller.userId), 'forbidden');
    await domainError(w.bought(null, w.buyer.userId), 'unauthenticated');
    expect(await w.bought(w.admin, w.buyer.userId)).toHaveLength(1);
  });

  it('shows an admin the orders in the statuses asked for', async () => {
    const w = await setup();
    expect(await w.queue(w.admin, ADMIN, ['escrow_held'])).toHaveLength(1);
    expect(await w.queue(w.admin, ADMIN, ['completed'])).toEqual([]);
    await domainError(w.queue(w.buyer, w.buyer.walletAddress, ['escrow_held']), 'forbidden');
  });
});
