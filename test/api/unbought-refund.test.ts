import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_GRACE_BLOCKS } from '@src/domain/block-window';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

let api: Api;
let chain: MemoryChain;
let seller: Client;
let first: Client;
let late: Client;
let admin: Client;

beforeAll(async () => {
  api = await startApi();
  chain = api.chain as MemoryChain;
  [seller, first, late, admin] = [api.client(), api.client(), api.client(), api.admin()];
  await Promise.all([seller.signIn(), first.signIn(), late.signIn(), admin.signIn()]);
});
afterAll(() => api.close());

const LAMPORTS = solToLamports('1.50');

type Listed = { id: number; price: string; sellerId: number };

async function listed(): Promise<Listed> {
  const created = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
  expect(created.status).toBe(201);
  return created.body as Listed;
}

/** `buyer` posts the order `signature` paid for `p`. */
const orderOf = (buyer: Client, p: Listed, signature: string) =>
  buyer.post('/api/orders', {
    productId: p.id,
    buyerId: buyer.user!.id,
    sellerId: p.sellerId,
    price: p.price,
    status: 'escrow_held',
    escrowTransactionHash: signature,
  });

/** The last unit sold to `first`; `late`'s payment for it lands and buys nothing. */
async function unboughtPayment(): Promise<string> {
  const p = await listed();
  const post = (buyer: Client, signature: string) => orderOf(buyer, p, signature);
  const pay = (buyer: Client) => chain.pay(buyer.wallet, api.escrow.publicKey.toBase58(), LAMPORTS);
  expect((await post(first, pay(first))).status).toBe(201);
  const signature = pay(late);
  const refused = await post(late, signature);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatch(/flagged for a refund/);
  return signature;
}

const refundNotes = async (client: Client) =>
  ((await client.get('/api/notifications')).body.items as { kind: string }[]).filter(
    (n) => n.kind === 'refunded',
  );

/** An admin records a refund of `signature` back to `late`, checked on chain. */
async function refund(signature: string) {
  const sent = chain.pay(api.escrow.publicKey.toBase58(), late.wallet, LAMPORTS);
  const paid = await admin.post(
    `/api/admin/payments/${signature}/refund?walletAddress=${admin.wallet}`,
    { refundTransactionHash: sent },
  );
  expect(paid.status).toBe(200);
  expect(paid.body).toMatchObject({ signature, status: 'refunded', refundSignature: sent });
  return paid.body as { createdAt: string; refundedAt: string };
}

describe('a payment for a product deleted before its order was posted', () => {
  it('is kept as refund-due for its payer, not lost', async () => {
    const p = await listed();
    const signature = chain.pay(late.wallet, api.escrow.publicKey.toBase58(), LAMPORTS);
    expect((await seller.call('DELETE', `/api/products/${p.id}`)).status).toBe(200);
    const posted = await orderOf(late, p, signature);
    expect(posted.status).toBe(409);
    expect(posted.body.error).toBe(
      'Your payment was received but could not buy this product: the product no longer exists. ' +
        'It is flagged for a refund to your wallet.',
    );
    const mine = (await late.get('/api/payments')).body as { signature: string }[];
    expect(mine.find((x) => x.signature === signature)).toMatchObject({
      status: 'refund_due',
      lamports: LAMPORTS.toString(),
    });
  });

  it('is no payment when the chain does not show it: the product is simply not found', async () => {
    const p = await listed();
    await seller.call('DELETE', `/api/products/${p.id}`);
    const posted = await orderOf(late, p, '5'.repeat(88));
    expect(posted.status).toBe(404);
    expect(posted.body.error).toBe('Product not found');
  });
});

describe('the refund of a payment that bought nothing', () => {
  it('tells its payer when an admin records it', async () => {
    const signature = await unboughtPayment();
    const before = (await refundNotes(late)).length;
    await refund(signature);
    const notes = await refundNotes(late);
    expect(notes).toHaveLength(before + 1);
    expect(notes[0]).toMatchObject({
      kind: 'refunded',
      orderId: null,
      text: 'Refunded: 1.50 SOL of a payment that bought nothing, sent to your wallet',
    });
    expect(await refundNotes(first)).toEqual([]);
  });

  it('keeps when it was refunded, and the payer’s payments say so', async () => {
    const signature = await unboughtPayment();
    const mine = async () =>
      ((await late.get('/api/payments')).body as { signature: string }[]).find(
        (p) => p.signature === signature,
      );
    expect(await mine()).toMatchObject({ status: 'refund_due', refundedAt: null });
    const paid = await refund(signature);
    expect(Date.parse(paid.refundedAt)).toBeGreaterThanOrEqual(Date.parse(paid.createdAt));
    expect(await mine()).toMatchObject({ status: 'refunded', refundedAt: paid.refundedAt });
  });

  it('tells its payer once when the refund is found on chain by the next reservation', async () => {
    const signature = await unboughtPayment();
    const url = `/api/admin/payments/${signature}/refund/reserve?walletAddress=${admin.wallet}`;
    const reserve = () => admin.post(url, { lastValidBlockHeight: String(chain.height + 150n) });
    const farAhead = await admin.post(url, {
      lastValidBlockHeight: String(chain.height + 10_000n),
    });
    expect(farAhead.status).toBe(400);
    expect(farAhead.body.error).toMatch(/is more than 300 blocks ahead of the chain/);
    const reserved = await reserve();
    expect(reserved.status).toBe(201);
    const before = (await refundNotes(late)).length;
    chain.payMany(api.escrow.publicKey.toBase58(), [{ to: late.wallet, lamports: LAMPORTS }], {
      reference: reserved.body.reference,
    });
    expect((await reserve()).status).toBe(409);
    expect(await refundNotes(late)).toHaveLength(before + 1);
    // Asked again, it is refunded already: nothing more to tell.
    expect((await reserve()).status).toBe(409);
    expect(await refundNotes(late)).toHaveLength(before + 1);
  });

  it('records the reserved refund that landed, not another transfer to the payer', async () => {
    const signature = await unboughtPayment();
    const base = `/api/admin/payments/${signature}/refund`;
    const reserved = await admin.post(`${base}/reserve?walletAddress=${admin.wallet}`, {
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const escrow = api.escrow.publicKey.toBase58();
    const landed = chain.payMany(escrow, [{ to: late.wallet, lamports: LAMPORTS }], {
      reference: reserved.body.reference,
    });
    // A second transfer sent by hand meanwhile: recording it would leave the first unrecorded.
    const byHand = chain.pay(escrow, late.wallet, LAMPORTS);
    const record = (sent: string) =>
      admin.post(`${base}?walletAddress=${admin.wallet}`, { refundTransactionHash: sent });
    const refused = await record(byHand);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `The refund reserved for this payment landed as ${landed}; record that one`,
    );
    expect((await record(landed)).body).toMatchObject({
      status: 'refunded',
      refundSignature: landed,
    });
  });

  it('records a refund sent by hand only once the reserved one cannot land', async () => {
    const signature = await unboughtPayment();
    const base = `/api/admin/payments/${signature}/refund`;
    await admin.post(`${base}/reserve?walletAddress=${admin.wallet}`, {
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const byHand = chain.pay(api.escrow.publicKey.toBase58(), late.wallet, LAMPORTS);
    const record = () =>
      admin.post(`${base}?walletAddress=${admin.wallet}`, { refundTransactionHash: byHand });
    const early = await record();
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(
      /^The refund reserved for this payment may still land, or be found late, until block height \d+/,
    );
    chain.advanceBlocks(200n + LANDING_GRACE_BLOCKS);
    expect((await record()).body).toMatchObject({ status: 'refunded', refundSignature: byHand });
  });

  it('reserves again when its reserved transfer was recorded for another payment', async () => {
    const a = await unboughtPayment();
    const b = await unboughtPayment();
    const url = (sig: string, tail = '') =>
      `/api/admin/payments/${sig}/refund${tail}?walletAddress=${admin.wallet}`;
    const height = () => ({ lastValidBlockHeight: String(chain.height + 150n) });
    const reserved = await admin.post(url(a, '/reserve'), height());
    const sentForA = chain.payMany(
      api.escrow.publicKey.toBase58(),
      [{ to: late.wallet, lamports: LAMPORTS }],
      { reference: reserved.body.reference },
    );
    // Recorded against B by mistake (same payer, same amount): B is refunded by it.
    const wrong = await admin.post(url(b), { refundTransactionHash: sentForA });
    expect(wrong.body).toMatchObject({ signature: b, status: 'refunded' });
    // A is still owed: its next reservation is not stuck on a transfer that paid B.
    const again = await admin.post(url(a, '/reserve'), height());
    expect(again.status).toBe(201);
    expect(again.body.reference).not.toBe(reserved.body.reference);
  });
});

describe('an order’s reserved refund recorded by hand as a payment’s refund', () => {
  it('gives the order’s payout up on recovery, so that the order can still be paid', async () => {
    const owed = await unboughtPayment(); // `late` is owed 1.50 for a payment that bought nothing
    const p = await listed();
    const paid = chain.pay(late.wallet, api.escrow.publicKey.toBase58(), LAMPORTS);
    const bought = await orderOf(late, p, paid);
    expect(bought.status).toBe(201);
    const cancelled = await seller.post(`/api/orders/${bought.body.id}/cancel`);
    expect(cancelled.body.status).toBe('refund_due'); // `late` is owed 1.50 for this order too
    const payout = (tail = '') =>
      `/api/admin/payouts/${bought.body.id}${tail}?walletAddress=${admin.wallet}`;
    const height = { lastValidBlockHeight: String(chain.height + 150n) };
    const reserved = await admin.post(payout('/reserve'), { action: 'refund', ...height });
    expect(reserved.status).toBe(201);
    // The order's refund lands, and an admin records it as the other payment's refund.
    const sent = chain.payMany(
      api.escrow.publicKey.toBase58(),
      [{ to: late.wallet, lamports: LAMPORTS }],
      { reference: reserved.body.attempt.reference },
    );
    const byHand = await admin.post(
      `/api/admin/payments/${owed}/refund?walletAddress=${admin.wallet}`,
      { refundTransactionHash: sent },
    );
    expect(byHand.body).toMatchObject({ status: 'refunded', refundSignature: sent });

    const recovered = await admin.post(payout('/recover'));
    expect(recovered.status).toBe(200);
    expect(recovered.body.outcome).toBe('abandoned');
    expect(recovered.body.order.status).toBe('refund_due');
    const again = await admin.post(payout('/reserve'), { action: 'refund', ...height });
    expect(again.status).toBe(201);
  });
});
