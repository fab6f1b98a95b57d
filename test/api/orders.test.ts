import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_GRACE_BLOCKS } from '@src/domain/block-window';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, PDF_BYTES, PNG_BYTES } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

let api: Api;
let chain: MemoryChain;
let seller: Client;
let buyer: Client;
let admin: Client;

beforeAll(async () => {
  api = await startApi();
  chain = api.chain as MemoryChain;
  [seller, buyer, admin] = [api.client(), api.client(), api.admin()];
  await Promise.all([seller.signIn(), buyer.signIn(), admin.signIn()]);
});
afterAll(() => api.close());

async function product(overrides: Record<string, unknown> = {}) {
  const res = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return res.body as { id: number; price: string; sellerId: number };
}

function pay(from: Client, price: string, opts: { to?: string; failed?: boolean } = {}) {
  return chain.pay(
    from.wallet,
    opts.to ?? api.escrow.publicKey.toBase58(),
    solToLamports(price),
    opts,
  );
}

function order(
  from: Client,
  p: { id: number; price: string; sellerId: number },
  signature: string,
  extra = {},
) {
  return from.post('/api/orders', {
    productId: p.id,
    buyerId: from.user!.id,
    sellerId: p.sellerId,
    price: p.price,
    status: 'escrow_held',
    escrowTransactionHash: signature,
    ...extra,
  });
}

async function tracked(p: { id: number; price: string; sellerId: number }) {
  const placed = await order(buyer, p, pay(buyer, p.price));
  const form = new FormData();
  form.set('trackingNumber', '  TRACK-1  ');
  const up = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
  expect(up.status).toBe(200);
  return up.body as { id: number; price: string };
}

describe('purchase', () => {
  it('records a verified payment as an escrow_held order and takes the unit', async () => {
    const p = await product({ price: '2.25', quantity: 2 });
    const res = await order(buyer, p, pay(buyer, '2.25'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      productId: p.id,
      buyerId: buyer.user!.id,
      status: 'escrow_held',
      price: '2.25',
    });
    const after = await buyer.get(`/api/products/${p.id}`);
    expect(after.body).toMatchObject({ soldQuantity: 1, status: 'active' });
  });

  it('answers the same order when the same signature is posted again', async () => {
    const p = await product();
    const signature = pay(buyer, p.price);
    const first = await order(buyer, p, signature);
    const again = await order(buyer, p, signature);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const thief = api.client();
    await thief.signIn();
    expect((await order(thief, p, signature)).status).toBe(409);
  });

  it('answers one order when the same payment is posted twice at once', async () => {
    const p = await product();
    const signature = pay(buyer, p.price);
    const both = await Promise.all([order(buyer, p, signature), order(buyer, p, signature)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
  });

  it.each([
    ['a wrong amount', () => pay(buyer, '0.01'), /No transfer/],
    [
      'a wrong recipient',
      (p: { price: string }) => pay(buyer, p.price, { to: buyer.wallet }),
      /No transfer/,
    ],
    ['another payer', (p: { price: string }) => pay(seller, p.price), /No transfer/],
    [
      'a failed transaction',
      (p: { price: string }) => pay(buyer, p.price, { failed: true }),
      /failed on chain/,
    ],
    ['an unknown signature', () => '4'.repeat(88), /not found/],
  ])('rejects %s and writes nothing', async (_, signatureFor, message) => {
    const p = await product();
    const res = await order(buyer, p, signatureFor(p));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await buyer.get(`/api/products/${p.id}`)).body.soldQuantity).toBe(0);
    expect(
      (await buyer.get(`/api/orders/buyer/${buyer.user!.id}`)).body.some(
        (o: { productId: number }) => o.productId === p.id,
      ),
    ).toBe(false);
  });

  it('asks for the contact details the product requires, with the spec messages', async () => {
    const p = await product({ requiresEmail: true, requiresAddress: true, requiresName: true });
    const sig = pay(buyer, p.price);
    expect((await order(buyer, p, sig)).body.error).toBe('Email is required');
    expect((await order(buyer, p, sig, { buyerEmail: 'nope' })).body.error).toBe(
      'Please enter a valid email address',
    );
    expect((await order(buyer, p, sig, { buyerEmail: 'a@b.co' })).body.error).toBe(
      'Shipping address is required',
    );
    expect(
      (await order(buyer, p, sig, { buyerEmail: 'a@b.co', buyerAddress: '1 Main St' })).body.error,
    ).toBe('Full name is required');
    const ok = await order(buyer, p, sig, {
      buyerEmail: 'a@b.co',
      buyerAddress: '1 Main St',
      buyerName: 'Ada',
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a buyer id that is not the session, and buying your own product', async () => {
    const p = await product();
    const spoof = await buyer.post('/api/orders', {
      productId: p.id,
      buyerId: seller.user!.id,
      sellerId: p.sellerId,
      price: p.price,
      escrowTransactionHash: pay(buyer, p.price),
    });
    expect(spoof.status).toBe(403);
    expect((await order(seller, p, pay(seller, p.price))).status).toBe(403);
    expect((await api.client().post('/api/orders', {})).status).toBe(400);
  });

  it('keeps a payment for a sold-out product as refund-due and says so', async () => {
    const p = await product();
    expect((await order(buyer, p, pay(buyer, p.price))).status).toBe(201);
    const late = pay(buyer, p.price);
    const res = await order(buyer, p, late);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/flagged for a refund/);
    const due = await admin.get(
      `/api/admin/payments?walletAddress=${admin.wallet}&status=refund_due`,
    );
    expect(due.body).toContainEqual(
      expect.objectContaining({ signature: late, lamports: '1500000000', status: 'refund_due' }),
    );
    const refund = chain.pay(api.escrow.publicKey.toBase58(), buyer.wallet, 1_500_000_000n);
    const paid = await admin.post(
      `/api/admin/payments/${late}/refund?walletAddress=${admin.wallet}`,
      { refundTransactionHash: refund },
    );
    expect(paid.body.status).toBe('refunded');
  });

  it('reserves a payment’s refund before it is sent: one under way at a time, recorded once', async () => {
    const p = await product();
    expect((await order(buyer, p, pay(buyer, p.price))).status).toBe(201);
    const late = pay(buyer, p.price);
    expect((await order(buyer, p, late)).status).toBe(409);
    const escrow = api.escrow.publicKey.toBase58();
    const url = `/api/admin/payments/${late}/refund`;
    const reserve = () =>
      admin.post(`${url}/reserve?walletAddress=${admin.wallet}`, {
        lastValidBlockHeight: String(chain.height + 150n),
      });

    // Two admins at once: one gets the reference, the other is refused before it signs.
    const [a, b] = await Promise.all([reserve(), reserve()]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const { reference } = (a.status === 201 ? a : b).body as { reference: string };
    expect((a.status === 409 ? a : b).body.error).toMatch(/refund of this payment is under way/);

    // Its blockhash died with nothing on chain; once a late listing of it could have come too,
    // it may be reserved again (a new reference).
    chain.advanceBlocks(200n);
    expect((await reserve()).status).toBe(409);
    chain.advanceBlocks(LANDING_GRACE_BLOCKS);
    const again = await reserve();
    expect(again.status).toBe(201);
    expect(again.body.reference).not.toBe(reference);

    // It lands but its sender never records it: the next reservation finds it and records it.
    chain.payMany(escrow, [{ to: buyer.wallet, lamports: 1_500_000_000n }], {
      reference: again.body.reference,
    });
    const found = await reserve();
    expect(found.status).toBe(409);
    expect(found.body.error).toMatch(/refunded already/);
    const ledger = await admin.get(`/api/admin/payments?walletAddress=${admin.wallet}`);
    expect(ledger.body).toContainEqual(
      expect.objectContaining({ signature: late, status: 'refunded' }),
    );

    // A second refund sent anyway is not recorded over the first.
    const second = chain.pay(escrow, buyer.wallet, 1_500_000_000n);
    const twice = await admin.post(`${url}?walletAddress=${admin.wallet}`, {
      refundTransactionHash: second,
    });
    expect(twice.status).toBe(409);
  });

  it('sells exactly the stock when 50 buyers pay at once for 10 units', async () => {
    const p = await product({ quantity: 10 });
    const buyers = Array.from({ length: 50 }, () => api.client());
    for (const b of buyers) await b.signIn();
    const results = await Promise.all(buyers.map((b) => order(b, p, pay(b, p.price))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(40);
    expect((await buyer.get(`/api/products/${p.id}`)).body).toMatchObject({
      status: 'sold',
      soldQuantity: 10,
    });
  });
});

describe('order lists', () => {
  it('gives each party their own orders with a product summary, and no one else', async () => {
    const p = await product({ name: 'Summary lamp', requiresEmail: true });
    await order(buyer, p, pay(buyer, p.price), { buyerEmail: 'buyer@example.com' });
    const mine = await buyer.get(`/api/orders/buyer/${buyer.user!.id}`);
    const o = mine.body.find((x: { productId: number }) => x.productId === p.id);
    expect(o.product).toMatchObject({ id: p.id, name: 'Summary lamp', status: 'sold' });
    const sales = await seller.get(`/api/orders/seller/${seller.user!.id}`);
    expect(sales.body.find((x: { productId: number }) => x.productId === p.id).buyerEmail).toBe(
      'buyer@example.com',
    );
    expect((await seller.get(`/api/orders/buyer/${buyer.user!.id}`)).status).toBe(403);
    expect((await buyer.get(`/api/orders/seller/${seller.user!.id}`)).status).toBe(403);
    expect((await api.client().get(`/api/orders/buyer/${buyer.user!.id}`)).status).toBe(401);
  });
});

describe('tracking upload', () => {
  it('moves escrow_held to tracking_uploaded with a trimmed number and proof files', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    const form = new FormData();
    form.set('trackingNumber', '  1Z999  ');
    form.append('files', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'receipt.pdf');
    form.append('files', new Blob([PNG_BYTES], { type: 'image/png' }), 'parcel.png');
    expect((await buyer.call('POST', `/api/orders/${placed.body.id}/tracking`, form)).status).toBe(
      403,
    );
    const res = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'tracking_uploaded', trackingNumber: '1Z999' });
    const files: string[] = JSON.parse(res.body.uploadedFiles);
    expect(files).toHaveLength(2);
    expect((await seller.get(`/uploads/${files[0]}`)).status).toBe(200);
    expect((await buyer.get(`/uploads/${files[0]}`)).status).toBe(200);
    expect((await admin.get(`/uploads/${files[0]}`)).status).toBe(200);
    const stranger = api.client();
    expect((await stranger.get(`/uploads/${files[0]}`)).status).toBe(401);
    await stranger.signIn();
    expect((await stranger.get(`/uploads/${files[0]}`)).status).toBe(403);
    const twice = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
    expect(twice.status).toBe(409);
  });

  it('needs a tracking number or a file, and refuses a script renamed .pdf', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    const empty = await seller.call(
      'POST',
      `/api/orders/${placed.body.id}/tracking`,
      new FormData(),
    );
    expect(empty.body.error).toBe(
      'Please provide either a tracking number or upload files as proof of delivery',
    );
    const form = new FormData();
    form.append('files', new Blob(['#!/bin/sh\necho hi\n']), 'proof.pdf');
    const script = await seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
    expect(script.status).toBe(415);
    const order2 = (await buyer.get(`/api/orders/buyer/${buyer.user!.id}`)).body.find(
      (o: { id: number }) => o.id === placed.body.id,
    );
    expect(order2.status).toBe('escrow_held');
  });

  it('names the limit an upload passed: too many files, a file too large, an empty file', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    const send = (files: Blob[]) => {
      const form = new FormData();
      form.set('trackingNumber', 'T-1');
      files.forEach((f, i) => form.append('files', f, `proof-${i}.png`));
      return seller.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
    };
    const png = new Blob([PNG_BYTES]);
    expect(await send(Array.from({ length: 11 }, () => png))).toMatchObject({
      status: 413,
      body: { error: 'Too many files: at most 10' },
    });
    expect(await send([new Blob([new Uint8Array(10 * 1024 * 1024 + 1)])])).toMatchObject({
      status: 413,
      body: { error: 'A file is too large: at most 10 MB each' },
    });
    expect(await send([new Blob([])])).toMatchObject({
      status: 400,
      body: { error: 'A file is empty' },
    });
  });
});

describe('release and refund', () => {
  it('shows one order to the admin only', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    const url = `/api/admin/orders/${placed.body.id}?walletAddress=`;
    const res = await admin.get(url + admin.wallet);
    expect(res.body).toMatchObject({ id: placed.body.id, product: { id: p.id } });
    expect((await buyer.get(url + buyer.wallet)).status).toBe(403);
    expect(
      (await admin.get(`/api/admin/orders/999999?walletAddress=${admin.wallet}`)).body,
    ).toEqual({
      error: 'Order not found',
    });
  });

  it('lists orders awaiting review for the admin only', async () => {
    const o = await tracked(await product());
    const list = await admin.get(`/api/admin/escrow-orders?walletAddress=${admin.wallet}`);
    expect(list.body.some((x: { id: number }) => x.id === o.id)).toBe(true);
    expect(
      (await seller.get(`/api/admin/escrow-orders?walletAddress=${seller.wallet}`)).status,
    ).toBe(403);
    expect(
      (await seller.get(`/api/admin/escrow-orders?walletAddress=${admin.wallet}`)).status,
    ).toBe(403);
  });

  it('releases funds after a verified escrow -> seller transfer of the price', async () => {
    const o = await tracked(await product({ price: '3.10' }));
    const escrow = api.escrow.publicKey.toBase58();
    const url = `/api/admin/release-funds/${o.id}?walletAddress=${admin.wallet}`;
    const wrongSeller = chain.pay(escrow, buyer.wallet, solToLamports('3.10'));
    expect((await admin.post(url, { releaseTransactionHash: wrongSeller })).status).toBe(400);
    const sig = chain.pay(escrow, seller.wallet, solToLamports('3.10'));
    expect(
      (
        await seller.post(`/api/admin/release-funds/${o.id}?walletAddress=${seller.wallet}`, {
          releaseTransactionHash: sig,
        })
      ).status,
    ).toBe(403);
    const res = await admin.post(url, { releaseTransactionHash: sig });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', releaseTransactionHash: sig });
    expect(res.body.fundsReleasedAt).toBeTruthy();
    // The same report again (a retry after a lost answer) gets the same answer and pays nothing;
    // another transfer for an order already paid out is refused.
    const again = await admin.post(url, { releaseTransactionHash: sig });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'completed', releaseTransactionHash: sig });
    expect(again.body.fundsReleasedAt).toBe(res.body.fundsReleasedAt);
    const second = chain.pay(escrow, seller.wallet, solToLamports('3.10'));
    const twice = await admin.post(url, { releaseTransactionHash: second });
    expect(twice.status).toBe(409);
  });

  it('refuses to release an order without tracking, or with a signature used before', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    const escrow = api.escrow.publicKey.toBase58();
    const sig = chain.pay(escrow, seller.wallet, solToLamports(p.price));
    const release = (id: number, releaseTransactionHash: string) =>
      admin.post(`/api/admin/release-funds/${id}?walletAddress=${admin.wallet}`, {
        releaseTransactionHash,
      });
    const early = await release(placed.body.id, sig);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/tracking has been uploaded/);
    const [a, b] = [await tracked(await product()), await tracked(await product())];
    expect((await release(a.id, sig)).status).toBe(200);
    const reuse = await release(b.id, sig);
    expect(reuse).toMatchObject({
      status: 409,
      body: { error: 'This transaction signature has already been used' },
    });
    const payment = await release(b.id, placed.body.escrowTransactionHash);
    expect(payment.status).toBe(400);
  });

  it('refunds the buyer and puts the unit back in stock', async () => {
    const p = await product();
    const placed = await order(buyer, p, pay(buyer, p.price));
    expect((await buyer.get(`/api/products/${p.id}`)).body.status).toBe('sold');
    const sig = chain.pay(api.escrow.publicKey.toBase58(), buyer.wallet, solToLamports(p.price));
    const res = await admin.post(
      `/api/admin/refund/${placed.body.id}?walletAddress=${admin.wallet}`,
      { refundTransactionHash: sig },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundTransactionHash: sig });
    expect((await buyer.get(`/api/products/${p.id}`)).body).toMatchObject({
      status: 'active',
      soldQuantity: 0,
    });
  });

  it('keeps a sold product readable for its order after the seller deletes it', async () => {
    const p = await product({ quantity: 3 });
    await order(buyer, p, pay(buyer, p.price));
    expect((await seller.del(`/api/products/${p.id}`)).status).toBe(200);
    expect((await buyer.get(`/api/products/${p.id}`)).status).toBe(200);
    const mine = await seller.get(`/api/products?sellerId=${seller.user!.id}`);
    expect(mine.body.some((x: { id: number }) => x.id === p.id)).toBe(false);
    const orders = await buyer.get(`/api/orders/buyer/${buyer.user!.id}`);
    expect(orders.body.find((o: { productId: number }) => o.productId === p.id).product.name).toBe(
      'Vintage camera',
    );
  });
});
