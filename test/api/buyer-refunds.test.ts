import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

const DAY = 24 * 60 * 60 * 1000;

let api: Api;
let chain: MemoryChain;
let seller: Client;
let buyer: Client;
let admin: Client;
let escrow: string;

beforeAll(async () => {
  api = await startApi({ payer: true });
  chain = api.chain as MemoryChain;
  escrow = api.escrow.publicKey.toBase58();
  [seller, buyer, admin] = [api.client(), api.client(), api.admin()];
  await Promise.all([seller.signIn(), buyer.signIn(), admin.signIn()]);
});
afterAll(() => api.close());

const ADMIN = () => `walletAddress=${escrow}`;

/** A paid order (escrow_held) of a fresh listing at `price`; `shipped` uploads tracking too. */
async function paidOrder(price: string, opts: { shipped?: boolean; handlingDays?: number } = {}) {
  const made = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, price, handlingDays: opts.handlingDays ?? 3 }),
  );
  const signature = chain.pay(buyer.wallet, escrow, solToLamports(price));
  const placed = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
  expect(placed.status).toBe(201);
  if (!opts.shipped) return placed.body as { id: number };
  const form = new FormData();
  form.set('trackingNumber', 'TRACK-7');
  const shipped = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
  expect(shipped.status).toBe(200);
  return shipped.body as { id: number };
}

/** The buyer reports a problem; the admin resolves it (a split gives the seller `sellerPart`). */
async function resolveDispute(id: number, action: 'refund' | 'split', sellerPart?: string) {
  const form = new FormData();
  form.set('reason', 'not_as_described');
  form.set('message', 'Not what the listing showed');
  expect((await buyer.call('POST', `/api/orders/${id}/dispute`, form)).status).toBe(200);
  const reserved = await admin.post(`/api/admin/payouts/${id}/reserve?${ADMIN()}`, {
    action,
    sellerPart,
    lastValidBlockHeight: String(chain.height + 150n),
  });
  expect(reserved.status).toBe(201);
  const parts = reserved.body.parts.map((p: { wallet: string; lamports: string }) => ({
    to: p.wallet,
    lamports: BigInt(p.lamports),
  }));
  const signature = chain.payMany(escrow, parts, { reference: reserved.body.attempt.reference });
  const done = await admin.post(`/api/admin/payouts/${id}?${ADMIN()}`, { signature });
  expect(done.status).toBe(200);
  return done.body as { status: string };
}

/** What GET /api/orders/buyer/:id says went back to the buyer, per order. */
async function refundedOf() {
  const list = await buyer.get(`/api/orders/buyer/${buyer.user!.id}`);
  expect(list.status).toBe(200);
  const rows = list.body as { id: number; status: string; refundedLamports: string | null }[];
  return new Map(rows.map((o) => [o.id, { status: o.status, refunded: o.refundedLamports }]));
}

describe('what went back to the buyer, in the buyer’s order list', () => {
  it('is the full price once an order never shipped is refunded on its deadline', async () => {
    const late = await paidOrder('1.50', { handlingDays: 1 });
    api.clock.advance(9 * DAY + 60_000);
    await Promise.all([seller, buyer, admin].map((c) => c.signIn()));
    await api.app.payouts.settle!();
    expect((await refundedOf()).get(late.id)).toEqual({
      status: 'cancelled',
      refunded: solToLamports('1.50').toString(),
    });
    // Its payment bought the order: not among the payments that bought nothing.
    const unbought = (await buyer.get('/api/payments')).body as { orderId: number | null }[];
    expect(unbought.filter((p) => p.orderId === late.id)).toEqual([]);
  });

  it('is the buyer’s part of a split, the price of a dispute’s refund, null for a release or an open order', async () => {
    const split = await paidOrder('2.00', { shipped: true });
    expect((await resolveDispute(split.id, 'split', '0.80')).status).toBe('completed');
    const refund = await paidOrder('1.25', { shipped: true });
    expect((await resolveDispute(refund.id, 'refund')).status).toBe('cancelled');
    const released = await paidOrder('3.00', { shipped: true });
    const releaseSig = chain.pay(escrow, seller.wallet, solToLamports('3.00'));
    const release = await admin.post(`/api/admin/release-funds/${released.id}?${ADMIN()}`, {
      releaseTransactionHash: releaseSig,
    });
    expect(release.body.status).toBe('completed');
    const open = await paidOrder('0.50');

    const listed = await refundedOf();
    expect(listed.get(split.id)).toEqual({
      status: 'completed',
      refunded: solToLamports('1.20').toString(),
    });
    expect(listed.get(refund.id)).toEqual({
      status: 'cancelled',
      refunded: solToLamports('1.25').toString(),
    });
    expect(listed.get(released.id)).toEqual({ status: 'completed', refunded: null });
    expect(listed.get(open.id)).toEqual({ status: 'escrow_held', refunded: null });
  });
});
