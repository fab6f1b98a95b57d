import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';
import { openEvents } from '../support/sse';

let api: Api;
let chain: MemoryChain;
let seller: Client;
let buyer: Client;
let admin: Client;
let stranger: Client;
let escrow: string;

beforeAll(async () => {
  api = await startApi({ payer: true, events: true });
  chain = api.chain as MemoryChain;
  escrow = api.escrow.publicKey.toBase58();
  [seller, buyer, admin, stranger] = [api.client(), api.client(), api.admin(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn(), admin.signIn(), stranger.signIn()]);
});
afterAll(() => api.close());

const ADMIN = () => `walletAddress=${escrow}`;

/** An order of `from` for a fresh listing of `by`, paid; `done` completes it (confirm + settle). */
async function order(opts: { by?: Client; from?: Client; price?: string; done?: boolean } = {}) {
  const by = opts.by ?? seller;
  const from = opts.from ?? buyer;
  const price = opts.price ?? '1.50';
  const made = await by.post('/api/products', listing({ sellerId: by.user!.id, price }));
  const signature = chain.pay(from.wallet, escrow, solToLamports(price));
  const placed = await from.post('/api/orders', orderBody(from.user!.id, made.body, signature));
  expect(placed.status).toBe(201);
  if (!opts.done) return placed.body;
  const form = new FormData();
  form.set('trackingNumber', 'T-1');
  await by.call('POST', `/api/orders/${placed.body.id}/tracking`, form);
  await from.post(`/api/orders/${placed.body.id}/confirm-receipt`);
  await api.app.payouts.settle!();
  return (await admin.get(`/api/admin/orders/${placed.body.id}?${ADMIN()}`)).body;
}

describe('reviews', () => {
  it('lets the buyer of a completed order rate its seller once', async () => {
    const o = await order({ done: true });
    expect(o.status).toBe('completed');
    const made = await buyer.post(`/api/orders/${o.id}/review`, { rating: 4, comment: ' Good ' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ rating: 4, comment: 'Good', sellerId: seller.user!.id });
    expect((await buyer.post(`/api/orders/${o.id}/review`, { rating: 5 })).status).toBe(409);
    expect((await buyer.get(`/api/orders/${o.id}/review`)).body.review.rating).toBe(4);
  });

  it('refuses a review before completion, of a refunded order, or by anyone but the buyer', async () => {
    const open = await order();
    const early = await buyer.post(`/api/orders/${open.id}/review`, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/once it is completed/);
    const refunded = await order();
    await seller.post(`/api/orders/${refunded.id}/cancel`);
    await api.app.payouts.settle!();
    const late = await buyer.post(`/api/orders/${refunded.id}/review`, { rating: 1 });
    expect(late.body.error).toMatch(/refunded order cannot be reviewed/);
    const done = await order({ done: true });
    expect((await seller.post(`/api/orders/${done.id}/review`, { rating: 5 })).status).toBe(403);
    expect((await stranger.post(`/api/orders/${done.id}/review`, { rating: 5 })).status).toBe(403);
  });

  it('refuses a rating outside 1 to 5 and a comment over 1,000 characters', async () => {
    const o = await order({ done: true });
    for (const rating of [0, 6, 3.5]) {
      expect((await buyer.post(`/api/orders/${o.id}/review`, { rating })).status).toBe(400);
    }
    const long = await buyer.post(`/api/orders/${o.id}/review`, {
      rating: 3,
      comment: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
  });

  it('lets the seller answer once, and only the seller', async () => {
    const o = await order({ done: true });
    await buyer.post(`/api/orders/${o.id}/review`, { rating: 2, comment: 'Slow' });
    expect((await buyer.post(`/api/orders/${o.id}/review/reply`, { reply: 'x' })).status).toBe(403);
    const answered = await seller.post(`/api/orders/${o.id}/review/reply`, { reply: 'Sorry' });
    expect(answered.body).toMatchObject({ reply: 'Sorry' });
    expect((await seller.post(`/api/orders/${o.id}/review/reply`, { reply: 'Again' })).status).toBe(
      409,
    );
  });
});

describe('reputation', () => {
  it('computes a seller’s record from the trades, with known answers', async () => {
    const fresh = api.client();
    await fresh.signIn();
    const a = await order({ by: fresh, price: '2.00', done: true });
    const b = await order({ by: fresh, price: '3.25', done: true });
    await order({ by: fresh, price: '1.00' }); // paid, open
    const disputed = await order({ by: fresh, price: '4.00' });
    const form = new FormData();
    form.set('reason', 'not_received');
    form.set('message', 'Nothing came');
    await buyer.call('POST', `/api/orders/${disputed.id}/dispute`, form);
    const reserved = await admin.post(`/api/admin/payouts/${disputed.id}/reserve?${ADMIN()}`, {
      action: 'refund',
      lastValidBlockHeight: String(chain.height + 150n),
    });
    const refund = chain.payMany(escrow, [{ to: buyer.wallet, lamports: solToLamports('4.00') }], {
      reference: reserved.body.attempt.reference,
    });
    await admin.post(`/api/admin/payouts/${disputed.id}?${ADMIN()}`, { signature: refund });
    await buyer.post(`/api/orders/${a.id}/review`, { rating: 5 });
    await buyer.post(`/api/orders/${b.id}/review`, { rating: 2 });

    const profile = await stranger.get(`/api/sellers/${fresh.user!.id}`);
    expect(profile.body.reputation).toEqual({
      sellerId: fresh.user!.id,
      averageRating: 3.5,
      reviews: 2,
      completedSales: 2,
      volume: '5.25',
      paidOrders: 4,
      disputes: 1,
      disputesLost: 1,
      firstSaleAt: expect.stringMatching(/Z$/),
    });
    const many = await api
      .client()
      .get(`/api/reputations?sellerIds=${fresh.user!.id},${seller.user!.id}`);
    expect(many.body.map((r: { sellerId: number }) => r.sellerId)).toEqual([
      fresh.user!.id,
      seller.user!.id,
    ]);
    const listed = await api.client().get(`/api/sellers/${fresh.user!.id}/reviews?limit=1`);
    expect(listed.body.map((r: { rating: number }) => r.rating)).toEqual([2]);
    expect(listed.headers.get('x-next-cursor')).toBeTruthy();
  });

  it('shows a new seller an empty record, and answers 404 for no one', async () => {
    const newcomer = api.client();
    await newcomer.signIn();
    const profile = await api.client().get(`/api/sellers/${newcomer.user!.id}`);
    expect(profile.body.reputation).toMatchObject({
      averageRating: null,
      reviews: 0,
      completedSales: 0,
      volume: '0.00',
      firstSaleAt: null,
    });
    expect((await api.client().get('/api/sellers/999999')).status).toBe(404);
  });
});

describe('notifications', () => {
  it('tells the seller of a sale and the buyer of the shipment, until read', async () => {
    const before = (await seller.get('/api/notifications')).body.unread;
    const o = await order();
    const mine = await seller.get('/api/notifications');
    expect(mine.body.unread).toBe(before + 1);
    expect(mine.body.items[0]).toMatchObject({ kind: 'sale', orderId: o.id });
    expect(mine.body.items[0].text).toMatch(/New sale: Vintage camera\. Ship by/);
    const read = await seller.post('/api/notifications/read', { ids: [mine.body.items[0].id] });
    expect(read.body.changed).toBe(1);
    expect((await seller.get('/api/notifications')).body.unread).toBe(before);
    expect(
      (await stranger.get('/api/notifications')).body.items.map(
        (n: { orderId: number }) => n.orderId,
      ),
    ).not.toContain(o.id);
    expect((await api.client().get('/api/notifications')).status).toBe(401);
  });

  it('tells the buyer when the order completes, with its way to the order', async () => {
    const o = await order({ done: true });
    const mine = await buyer.get('/api/notifications');
    expect(mine.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'released',
        orderId: o.id,
        role: 'buyer',
        text: `Order #${o.id} is complete: its 1.50 SOL went to the seller. You can now leave a review`,
      }),
    );
    const sellers = await seller.get('/api/notifications');
    expect(sellers.body.items).toContainEqual(
      expect.objectContaining({ kind: 'released', orderId: o.id, role: 'seller' }),
    );
  });
});

describe('live updates', () => {
  it('tells the seller and admins of a sale at once, and nobody else', async () => {
    const sellerStream = await openEvents(api.url, { cookie: seller.cookie });
    const adminStream = await openEvents(api.url, { cookie: admin.cookie });
    const strangerStream = await openEvents(api.url, { cookie: stranger.cookie });
    const visitorStream = await openEvents(api.url);
    try {
      expect(sellerStream.contentType).toMatch(/text\/event-stream/);
      for (const s of [sellerStream, adminStream, strangerStream, visitorStream]) {
        await s.next((e) => e.event === 'ready');
      }
      const o = await order();
      const isOrder = (e: { event: string; data: unknown }) =>
        e.event === 'change' &&
        (e.data as { topic: string; subjectId: number }).topic === 'order' &&
        (e.data as { subjectId: number }).subjectId === o.id;
      await sellerStream.next(isOrder, 2000);
      await adminStream.next(isOrder, 2000);
      await sellerStream.next(
        (e) => e.event === 'change' && (e.data as { topic: string }).topic === 'notification',
      );
      // Stock changed: everyone, visitors too, hears of the product.
      await visitorStream.next(
        (e) => e.event === 'change' && (e.data as { topic: string }).topic === 'product',
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(strangerStream.events.some(isOrder)).toBe(false);
      expect(visitorStream.events.some(isOrder)).toBe(false);
      expect(
        strangerStream.events.some((e) => (e.data as { topic?: string })?.topic === 'notification'),
      ).toBe(false);
    } finally {
      for (const s of [sellerStream, adminStream, strangerStream, visitorStream]) s.close();
    }
  });

  it('resumes from the last event id without losing one', async () => {
    const first = await openEvents(api.url, { cookie: seller.cookie });
    const ready = await first.next((e) => e.event === 'ready');
    first.close();
    const missed = await order(); // while the seller is away
    const again = await openEvents(api.url, { cookie: seller.cookie, lastEventId: ready.id! });
    try {
      await again.next(
        (e) =>
          e.event === 'change' &&
          (e.data as { topic: string; subjectId: number }).topic === 'order' &&
          (e.data as { subjectId: number }).subjectId === missed.id,
      );
      // Each change once; the ids shown are opaque (the log's count of private events is not).
      const changes = again.events.filter((e) => e.event === 'change');
      expect(new Set(changes.map((e) => e.id)).size).toBe(changes.length);
      for (const e of [ready, ...changes]) expect(e.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    } finally {
      again.close();
    }
  });

  it('tells a stream that comes back with an id it cannot read to reload', async () => {
    // A server restarted without EVENT_ID_KEY, or a made-up id: where it stopped is unknown.
    const lost = await openEvents(api.url, { cookie: seller.cookie, lastEventId: '12345' });
    try {
      const reset = await lost.next((e) => e.event === 'reset');
      expect(reset.data).toEqual({ reason: 'Where this stream stopped is unknown; reload' });
      await lost.next((e) => e.event === 'ready');
    } finally {
      lost.close();
    }
  });

  it('starts a new stream after changes nobody heard at the log’s end, and goes on live', async () => {
    const unheard = await order(); // no stream open anywhere: the server reads no log for it
    const fresh = await openEvents(api.url, { cookie: seller.cookie });
    try {
      const ready = await fresh.next((e) => e.event === 'ready');
      const next = await order();
      await fresh.next(
        (e) =>
          e.event === 'change' &&
          (e.data as { topic: string; subjectId: number }).topic === 'order' &&
          (e.data as { subjectId: number }).subjectId === next.id,
        2000,
      );
      const changes = fresh.events.filter((e) => e.event === 'change');
      expect(ready.id).toBeTruthy();
      const about = (e: { data: unknown }) => e.data as { topic: string; subjectId: number };
      expect(
        changes.some((e) => about(e).topic === 'order' && about(e).subjectId === unheard.id),
      ).toBe(false);
    } finally {
      fresh.close();
    }
  });
});
