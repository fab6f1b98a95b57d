import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_GRACE_BLOCKS } from '@src/domain/block-window';
import {
  adminOrder,
  cancelOrder,
  confirmReceipt,
  createOrder,
  openDispute,
  purchaseRequest,
  uploadTracking,
} from '@src/contracts/orders';
import { reservePayout } from '@src/contracts/payouts';
import { createProduct } from '@src/contracts/products';
import { loadKeypair } from '@src/adapters/solana/keypair-file';
import type { Order } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { ApiClient } from '@cli/lib/api-client';
import { signIn } from '@cli/lib/sign-in';
import { runCli, startMarket, type Market } from './support';

const PRICE = '1.25';
const LAMPORTS = solToLamports(PRICE);
const DAY = 86_400;
let market: Market;
let world: Awaited<ReturnType<typeof setup>>;

/**
 * A seller, a funded buyer, a listing, and the admin's own API client. The server runs its
 * settlement only once an hour here, so every payout below is the CLI's.
 */
async function setup(m: Market) {
  const seller = await m.wallet('seller');
  const buyer = await m.wallet('buyer', '40');
  const escrow = await loadKeypair(m.escrowKeypairPath);
  const product = await seller.api.send(createProduct, {
    body: {
      name: 'Cast Iron Skillet',
      description: 'Seasoned, 26 cm.',
      price: PRICE,
      category: 'physical-items',
      condition: 'like_new',
      location: 'Porto, PT',
      quantity: 20,
      requiresAddress: false,
      requiresEmail: false,
      requiresName: false,
      sellerId: seller.user.id,
      imageUrl: null,
    },
  });
  const admin = new ApiClient(m.url);
  /** Sessions last 7 days: after a warp everyone signs in again. */
  const signInAll = async () => {
    await Promise.all([
      signIn(seller.api, seller.keypair),
      signIn(buyer.api, buyer.keypair),
      signIn(admin, escrow),
    ]);
  };
  await signInAll();
  const call = (id: number) => ({ params: { id }, query: { walletAddress: m.escrowWallet } });
  return {
    seller,
    buyer,
    signInAll,
    async paid(): Promise<Order> {
      const signature = await m.transfer(buyer.keypair, m.escrowWallet, PRICE);
      return buyer.api.send(createOrder, {
        body: purchaseRequest({ product, buyerId: buyer.user.id, signature }),
      });
    },
    async shipped(): Promise<Order> {
      const order = await this.paid();
      const form = new FormData();
      form.append('trackingNumber', `TRACK-${order.id}`);
      return seller.api.send(uploadTracking, { params: { id: order.id }, form });
    },
    /** The buyer confirmed receipt: the seller's payment is due now. */
    async releaseDue(): Promise<Order> {
      const order = await this.shipped();
      return buyer.api.send(confirmReceipt, { params: { id: order.id } });
    },
    async disputed(): Promise<Order> {
      const order = await this.shipped();
      const form = new FormData();
      form.append('reason', 'damaged');
      form.append('message', 'The handle arrived cracked.');
      return buyer.api.send(openDispute, { params: { id: order.id }, form });
    },
    order: (id: number) => admin.send(adminOrder, call(id)),
    /** What a run that stopped after reserving leaves behind (no transaction sent). */
    reserve: (id: number, lastValidBlockHeight: bigint) =>
      admin.send(reservePayout, {
        ...call(id),
        body: { action: 'release', lastValidBlockHeight: lastValidBlockHeight.toString() },
      }),
  };
}

/** An admin command; `keypair` signs in with another wallet than the escrow's. */
const admin = (args: string[], opts: { killOn?: RegExp; keypair?: string } = {}) =>
  runCli(
    ['admin', ...args, '--api', market.url, '--keypair', opts.keypair ?? market.escrowKeypairPath],
    opts,
  );
const settle = (...args: string[]) => admin(['settle', ...args]);
const balances = async () => ({
  seller: await market.balance(world.seller.address),
  buyer: await market.balance(world.buyer.address),
});

beforeAll(async () => {
  // Slots of 100 ms: a payout's blockhash, and the grace after it, pass in seconds.
  market = await startMarket({ SETTLE_INTERVAL_SECONDS: '3600', LOCAL_CHAIN_SLOT_MS: '100' });
  world = await setup(market);
}, 180_000);
afterAll(() => market?.close());

describe('admin settle', { timeout: 120_000 }, () => {
  it('refuses a keypair that is not an admin', async () => {
    const result = await admin(['settle', '--yes'], { keypair: world.buyer.file });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The wallet ${world.buyer.address} is not an admin`);
  });

  it('pays each release and refund due exactly once, checked on chain, and a second run pays nothing', async () => {
    const release = await world.releaseDue();
    const refund = await world.seller.api.send(cancelOrder, {
      params: { id: (await world.paid()).id },
    });
    const disputed = await world.disputed();
    const before = await balances();

    const unasked = await settle();
    expect(unasked.code).toBe(1);
    expect(unasked.stderr).toContain('no terminal to ask; pass --yes');
    expect(await balances()).toEqual(before);

    const result = await settle('--yes');
    expect(result.stderr).toMatch(
      new RegExp(
        `${release.id} +release +1\\.25 +${world.seller.address} +The buyer confirmed receipt`,
      ),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Paid 2 (2.50 SOL), recovered 0, skipped 0, failed 0');
    const after = await balances();
    expect(after.seller - before.seller).toBe(LAMPORTS);
    expect(after.buyer - before.buyer).toBe(LAMPORTS);
    expect((await world.order(release.id)).status).toBe('completed');
    expect((await world.order(refund.id)).status).toBe('cancelled');
    expect((await world.order(disputed.id)).status).toBe('disputed');

    const again = await settle('--yes');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Nothing is due.\n');
    expect(await balances()).toEqual(after);
  });

  it('never pays a disputed order, and pays an untouched one once its inspection period ends (--json)', async () => {
    const disputed = await world.disputed();
    const untouched = await world.shipped();
    await market.localChain!.warp(8 * DAY);
    await world.signInAll();
    const before = await balances();

    const result = await settle('--yes', '--json');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.due.map((d: { order: Order }) => d.order.id)).toEqual([untouched.id]);
    expect(out.due[0].reason).toBe('The inspection period ended without a problem reported');
    expect(out).toMatchObject({ paid: 1, recovered: 0, skipped: 0, failed: 0 });
    expect(out.results[0]).toMatchObject({
      orderId: untouched.id,
      action: 'release',
      outcome: 'paid',
      to: world.seller.address,
      lamports: LAMPORTS.toString(),
      order: { status: 'completed' },
    });
    expect(out.results[0].order.releaseTransactionHash).toBe(out.results[0].signature);
    expect((await balances()).seller - before.seller).toBe(LAMPORTS);
    expect((await world.order(disputed.id)).status).toBe('disputed');
  });

  it('killed right after sending, a second run records the landed payout and pays nothing twice', async () => {
    const order = await world.releaseDue();
    const before = await balances();

    const killed = await admin(['settle', '--yes'], { killOn: /sent (\w+); waiting/ });
    expect(killed.signal).toBe('SIGKILL');
    const signature = /sent (\w+); waiting/.exec(killed.stderr)![1]!;
    // It died between the send and the record: the server knows nothing of the transfer yet.
    expect((await world.order(order.id)).status).toBe('release_due');
    await expect.poll(async () => (await balances()).seller - before.seller).toBe(LAMPORTS);

    const again = await settle('--yes');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `Order #${order.id}: the earlier payout had landed (${signature})`,
    );
    expect(again.stdout).toContain('Paid 0 (0.00 SOL), recovered 1, skipped 0, failed 0');
    const recorded = await world.order(order.id);
    expect(recorded.status).toBe('completed');
    expect(recorded.releaseTransactionHash).toBe(signature);
    expect((await balances()).seller - before.seller).toBe(LAMPORTS);
    expect((await settle('--yes')).stdout).toBe('Nothing is due.\n');
  });

  it('pays again, once, a payout whose earlier attempt died unsent with its blockhash', async () => {
    const order = await world.releaseDue();
    // A run that stopped after reserving (on a blockhash about to die), long enough ago that
    // its transfer, had it been sent, could be seen by now.
    const height = BigInt(await market.connection.getBlockHeight('confirmed')) + 10n;
    await world.reserve(order.id, height);
    await expect
      .poll(() => market.connection.getBlockHeight('confirmed'), { timeout: 60_000 })
      .toBeGreaterThan(Number(height + LANDING_GRACE_BLOCKS));
    const before = await balances();

    const result = await settle('--yes');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/release by an admin at/);
    expect(result.stderr).toContain(`Order #${order.id}: a payout was left under way`);
    expect(result.stdout).toContain('Paid 1 (1.25 SOL), recovered 0, skipped 0, failed 0');
    expect((await balances()).seller - before.seller).toBe(LAMPORTS);
    expect((await world.order(order.id)).status).toBe('completed');
  });

  it('admin release killed right after sending is finished by --signature, paying once', async () => {
    const order = await world.shipped();
    const before = await balances();
    const killed = await admin(['release', String(order.id), '--yes'], {
      killOn: /Sent (\w+); waiting/,
    });
    expect(killed.signal).toBe('SIGKILL');
    const signature = /Sent (\w+); waiting/.exec(killed.stderr)![1]!;
    expect((await world.order(order.id)).status).toBe('tracking_uploaded');

    const finished = await admin(['release', String(order.id), '--signature', signature]);
    expect(finished.code).toBe(0);
    expect(finished.stdout).toContain(`Signature:    ${signature}`);
    expect((await world.order(order.id)).status).toBe('completed');
    expect((await balances()).seller - before.seller).toBe(LAMPORTS);
  });

  it('pays each payout once when two runs settle at the same time', async () => {
    const orders = [await world.releaseDue(), await world.releaseDue()];
    const before = await balances();

    const runs = await Promise.all([settle('--yes', '--json'), settle('--yes', '--json')]);
    for (const run of runs) expect(run.code).toBe(0);
    const paid = runs.flatMap((run) =>
      (JSON.parse(run.stdout).results as { orderId: number; outcome: string }[])
        .filter((r) => r.outcome === 'paid')
        .map((r) => r.orderId),
    );
    expect(paid.sort()).toEqual(orders.map((o) => o.id).sort());
    expect((await balances()).seller - before.seller).toBe(2n * LAMPORTS);
    for (const order of orders) expect((await world.order(order.id)).status).toBe('completed');
  });

  // Last: its reservation stays open until its blockhash dies and the grace after it passes.
  it('skips a payout still in flight and says so; admin release of it says what to do', async () => {
    const order = await world.releaseDue();
    const { lastValidBlockHeight } = await market.connection.getLatestBlockhash('confirmed');
    await world.reserve(order.id, BigInt(lastValidBlockHeight));
    const before = await balances();

    const result = await settle('--yes');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Paid 0 (0.00 SOL), recovered 0, skipped 1, failed 0');
    expect(result.stdout).toContain(
      `Order #${order.id}: skipped: a payout of it is in flight and may still land; a later run finishes it`,
    );

    const release = await admin(['release', String(order.id), '--yes']);
    expect(release.code).toBe(1);
    expect(release.stderr).toContain(`A payout of order #${order.id} is already under way`);
    expect(release.stderr).toContain(
      'Wait a minute or two and run this again, or run marketplace admin settle',
    );
    expect(await balances()).toEqual(before);
    expect((await world.order(order.id)).status).toBe('release_due');
  });
});
