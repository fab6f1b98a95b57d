import { describe, expect, it } from 'vitest';
import { purchase } from '@src/app/orders/purchase';
import { reconcile } from '@src/app/payouts/reconcile';
import { refundPayment } from '@src/app/payouts/refund-payment';
import { adminPayout } from '@src/app/payouts/admin-payout';
import { solToLamports } from '@src/domain/money';
import { ADMIN, appWorld, ESCROW } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

const PRICE = solToLamports('12.50'); // every sale's price (test/support/store-rows.ts)

async function setup() {
  const world = appWorld();
  const admin = await world.person(ADMIN);
  const report = () => reconcile(world.deps)(admin, ADMIN);
  /** A payment for a product no longer for sale: verified, kept as refund due. */
  async function refundDue() {
    const [seller, buyer] = [await world.person(), await world.person()];
    const product = await world.listing(seller, { status: 'inactive' });
    const signature = world.pay(buyer, product.price);
    const cmd = { productId: product.id, buyerId: buyer.userId, sellerId: seller.userId };
    await purchase(world.deps)(buyer, {
      ...cmd,
      price: product.price,
      signature,
      contact: {},
    }).catch(() => undefined);
    return { buyer, signature };
  }
  return { ...world, admin, report, refundDue };
}

describe('reconcile', () => {
  it('reports an escrow holding exactly what its orders in escrow paid', async () => {
    const w = await setup();
    await w.sale();
    await w.sale({ shipped: true });
    expect(await w.report()).toEqual({
      unmatchedPayments: [],
      unrecordedPayouts: [],
      missingPayments: [],
      escrowBalance: 2n * PRICE,
      mustHold: 2n * PRICE,
      difference: 0n,
    });
  });

  it('lists a transfer that bought nothing, with the user who sent it if there is one', async () => {
    const w = await setup();
    const user = await w.person();
    const fromUser = w.chain.pay(user.walletAddress, ESCROW, 5n);
    const fromStranger = w.chain.pay('Faucet', ESCROW, 7n);
    const { unmatchedPayments, difference } = await w.report();
    expect(unmatchedPayments).toEqual([
      {
        signature: fromUser,
        from: user.walletAddress,
        lamports: 5n,
        ledger: null,
        senderUserId: user.userId,
      },
      { signature: fromStranger, from: 'Faucet', lamports: 7n, ledger: null, senderUserId: null },
    ]);
    expect(difference).toBe(12n);
  });

  it('counts a refund-due payment in what the escrow must hold, and lists it as refund due', async () => {
    const w = await setup();
    const { buyer, signature } = await w.refundDue();
    const report = await w.report();
    expect(report.unmatchedPayments).toEqual([
      {
        signature,
        from: buyer.walletAddress,
        lamports: PRICE,
        ledger: 'refund_due',
        senderUserId: buyer.userId,
      },
    ]);
    expect(report).toMatchObject({ escrowBalance: PRICE, mustHold: PRICE, difference: 0n });
  });

  it('lists a payment no more once it is refunded', async () => {
    const w = await setup();
    const { buyer, signature } = await w.refundDue();
    const back = w.chain.pay(ESCROW, buyer.walletAddress, PRICE);
    await refundPayment(w.deps)(w.admin, ADMIN, signature, back);
    expect(await w.report()).toMatchObject({
      unmatchedPayments: [],
      unrecordedPayouts: [],
      mustHold: 0n,
      difference: 0n,
    });
  });

  it('lists money that left the escrow wallet in a transaction no payout recorded, until one does', async () => {
    const w = await setup();
    const { order, seller } = await w.sale({ shipped: true });
    // Sent by hand (or a refused recording, or a leaked key): the ledger knows nothing of it.
    const byHand = w.payOut(seller, '12.50');
    const stranger = w.chain.pay(ESCROW, 'Elsewhere', 3n);
    expect((await w.report()).unrecordedPayouts).toEqual([
      {
        signature: byHand,
        to: seller.walletAddress,
        lamports: PRICE,
        recipientUserId: seller.userId,
      },
      { signature: stranger, to: 'Elsewhere', lamports: 3n, recipientUserId: null },
    ]);
    // Recorded as the order's release, it is a payout like any other.
    await adminPayout(w.deps, 'release')(w.admin, ADMIN, order.id, byHand);
    expect((await w.report()).unrecordedPayouts).toEqual([
      { signature: stranger, to: 'Elsewhere', lamports: 3n, recipientUserId: null },
    ]);
  });

  it('lists a transfer slipped into a recorded payout’s transaction, and a part paid twice over', async () => {
    const w = await setup();
    const { order, seller } = await w.sale({ shipped: true });
    // One transaction: the seller's price, and 5 lamports to somebody else. The release records
    // the seller's part; the other transfer left escrow all the same.
    const payout = w.chain.payMany(ESCROW, [
      { to: seller.walletAddress, lamports: PRICE },
      { to: 'Elsewhere', lamports: 5n },
      { to: seller.walletAddress, lamports: 2n },
    ]);
    await adminPayout(w.deps, 'release')(w.admin, ADMIN, order.id, payout);
    const { unrecordedPayouts } = await w.report();
    expect(unrecordedPayouts).toHaveLength(2);
    // The seller received the price and 2 lamports more in it: the sum is not what was recorded.
    expect(unrecordedPayouts).toContainEqual({
      signature: payout,
      to: seller.walletAddress,
      lamports: PRICE + 2n,
      recipientUserId: seller.userId,
    });
    expect(unrecordedPayouts).toContainEqual({
      signature: payout,
      to: 'Elsewhere',
      lamports: 5n,
      recipientUserId: null,
    });
  });

  it('counts a payment’s recorded refund to its payer as accounted for', async () => {
    const w = await setup();
    const { buyer, signature } = await w.refundDue();
    const back = w.chain.pay(ESCROW, buyer.walletAddress, PRICE);
    await refundPayment(w.deps)(w.admin, ADMIN, signature, back);
    expect((await w.report()).unrecordedPayouts).toEqual([]);
  });

  it('counts only orders still in escrow, not completed or cancelled ones', async () => {
    const w = await setup();
    const released = await w.sale({ shipped: true });
    await adminPayout(w.deps, 'release')(
      w.admin,
      ADMIN,
      released.order.id,
      w.payOut(released.seller, '12.50'),
    );
    const refunded = await w.sale();
    await adminPayout(w.deps, 'refund')(
      w.admin,
      ADMIN,
      refunded.order.id,
      w.payOut(refunded.buyer, '12.50'),
    );
    expect(await w.report()).toMatchObject({
      unmatchedPayments: [],
      unrecordedPayouts: [],
      missingPayments: [],
      escrowBalance: 0n,
      mustHold: 0n,
    });
  });

  it('lists an order whose payment the chain does not show, and the shortfall it makes', async () => {
    const w = await setup();
    const [seller, buyer] = [await w.person(), await w.person()];
    const product = await w.listing(seller);
    const ghost = await w.store.orders.create({
      productId: product.id,
      buyerId: buyer.userId,
      sellerId: seller.userId,
      price: product.price,
      status: 'escrow_held',
      escrowTransactionHash: 'never-on-chain',
    });
    expect(await w.report()).toEqual({
      unmatchedPayments: [],
      unrecordedPayouts: [],
      missingPayments: [{ orderId: ghost.id, signature: 'never-on-chain', status: 'escrow_held' }],
      escrowBalance: 0n,
      mustHold: PRICE,
      difference: -PRICE,
    });
  });

  it('refuses anyone but an admin', async () => {
    const w = await setup();
    const someone = await w.person();
    await domainError(reconcile(w.deps)(someone, someone.walletAddress), 'forbidden');
    await domainError(reconcile(w.deps)(null, ADMIN), 'unauthenticated');
  });
});

describe('reconcile, incrementally', () => {
  it('reads only the history that is new since the last run; a full rescan reads it all', async () => {
    const w = await setup();
    for (let i = 0; i < 50; i += 1) await w.sale();
    const first = await w.report();
    const readFirst = w.chain.reads;
    expect(readFirst).toBeGreaterThanOrEqual(50);
    expect(await w.report()).toEqual(first);
    expect(w.chain.reads).toBe(readFirst); // the second run read no old transaction
    await w.sale();
    await w.report();
    expect(w.chain.reads - readFirst).toBe(1); // one new payment, one read
    const full = await reconcile(w.deps)(w.admin, ADMIN, { full: true });
    expect(full.escrowBalance).toBe((await w.report()).escrowBalance);
    expect(w.chain.reads - readFirst).toBeGreaterThanOrEqual(52);
  });
});
