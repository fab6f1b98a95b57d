import { describe, expect, it } from 'vitest';
import { adminPayout } from '@src/app/payouts/admin-payout';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup(shipped = true) {
  const world = appWorld();
  const sale = await world.sale({ shipped });
  return { ...world, ...sale, release: adminPayout(world.deps, 'release') };
}

describe('releaseFunds', () => {
  it('completes a shipped order paid out to its seller, recording the payout', async () => {
    const w = await setup();
    w.clock.advance(3_600_000);
    const signature = w.payOut(w.seller, w.order.price);
    const done = await w.release(w.admin, ADMIN, w.order.id, signature);
    expect(done).toMatchObject({
      status: 'completed',
      releaseTransactionHash: signature,
      fundsReleasedAt: '2030-01-01T13:00:00.000Z',
    });
    expect(await w.store.orders.findById(w.order.id)).toMatchObject(done);
    expect(await w.store.signatures.find(signature)).toEqual({
      purpose: 'release',
      orderId: w.order.id,
    });
  });

  it('answers the same order to two reports of one payout that were both verified before either recorded it', async () => {
    const w = await setup();
    const signature = w.payOut(w.seller, w.order.price);
    // Its sender and a recovery: both pass the chain's check before either claims the signature.
    let arrived = 0;
    let letThrough!: () => void;
    const bothChecked = new Promise<void>((resolve) => (letThrough = resolve));
    const chain = Object.create(w.deps.chain) as typeof w.deps.chain;
    chain.verifyTransfer = async (expected) => {
      const check = await w.deps.chain.verifyTransfer(expected);
      if (++arrived === 2) letThrough();
      await bothChecked;
      return check;
    };
    const release = adminPayout({ ...w.deps, chain }, 'release');
    const [first, second] = await Promise.all([
      release(w.admin, ADMIN, w.order.id, signature),
      release(w.admin, ADMIN, w.order.id, signature),
    ]);
    expect(first).toMatchObject({ status: 'completed', releaseTransactionHash: signature });
    expect(second).toMatchObject({ status: 'completed', releaseTransactionHash: signature });
    expect(await w.store.payouts.listByOrder(w.order.id)).toHaveLength(1);
  });

  it('refuses an order whose tracking is not uploaded yet, writing nothing', async () => {
    const w = await setup(false);
    const before = w.contents();
    const error = await domainError(
      w.release(w.admin, ADMIN, w.order.id, w.payOut(w.seller, w.order.price)),
      'invalid_transition',
    );
    expect(error.message).toBe(
      'Funds can only be released for an order whose tracking has been uploaded; this order is escrow held',
    );
    expect(w.contents()).toEqual(before);
  });

  it('refuses anyone but an admin', async () => {
    const w = await setup();
    const signature = w.payOut(w.seller, w.order.price);
    await domainError(
      w.release(w.seller, w.seller.walletAddress, w.order.id, signature),
      'forbidden',
    );
    await domainError(w.release(null, ADMIN, w.order.id, signature), 'unauthenticated');
    await domainError(w.release(w.admin, ADMIN, 999, signature), 'not_found');
  });

  it.each([
    ['to the buyer', (w: World) => w.payOut(w.buyer, w.order.price)],
    ['of another amount', (w: World) => w.payOut(w.seller, '0.01')],
    ['the chain does not know', () => 'no-such-signature'],
  ])('refuses a payout %s, writing nothing', async (_what, payout) => {
    const w = await setup();
    const before = w.contents();
    await domainError(w.release(w.admin, ADMIN, w.order.id, payout(w)), 'payment_invalid');
    expect(w.contents()).toEqual(before);
  });

  it('refuses a signature that already settled something else, writing nothing', async () => {
    const w = await setup();
    const other = await w.sale({ shipped: true });
    const signature = w.payOut(w.seller, w.order.price);
    await w.store.signatures.claim(signature, 'release', other.order.id);
    const before = w.contents();
    const error = await domainError(w.release(w.admin, ADMIN, w.order.id, signature), 'conflict');
    expect(error.message).toBe('This transaction signature has already been used');
    expect(w.contents()).toEqual(before);
  });
});

type World = Awaited<ReturnType<typeof setup>>;
