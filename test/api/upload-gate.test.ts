import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { UPLOADS_AT_ONCE } from '@src/domain/limits';
import { startApi, type Api, type Client } from '../support/api';
import { listing, orderBody, PNG_BYTES } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';

let api: Api;
let seller: Client;
let buyer: Client;
let stranger: Client;
let orderId: number;
let productId: number;

beforeAll(async () => {
  // With abuse limits on (the defaults), as a served product runs.
  api = await startApi({ limits: {} });
  const chain = api.chain as MemoryChain;
  [seller, buyer, stranger] = [api.client(), api.client(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn(), stranger.signIn()]);
  const made = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, price: '1.00' }),
  );
  productId = made.body.id;
  const signature = chain.pay(buyer.wallet, api.escrow.publicKey.toBase58(), solToLamports('1.00'));
  const placed = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
  expect(placed.status).toBe(201);
  orderId = placed.body.id;
});
afterAll(() => api.close());

const BOUNDARY = 'gate-test';

/**
 * A multipart upload that announces 20 MB and sends only its first part, then waits: a server
 * that reads the body before deciding never answers; one that decides first answers at once.
 * `finish` sends the rest (a valid body) and resolves with the final answer.
 */
function heldUpload(path: string, cookie: string | null, method = 'POST') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhello\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const fileBytes = 20 * 1024 * 1024;
  const url = new URL(path, api.url);
  let sent = false;
  let rest = () => {};
  const answer = new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + fileBytes + tail.length),
        origin: api.url,
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text || '{}') }));
    });
    req.on('error', (error) => (sent ? resolve({ status: 0, body: {} }) : reject(error)));
    req.write(head);
    rest = () => {
      const chunk = Buffer.alloc(1024 * 1024, 'a'.charCodeAt(0));
      for (let i = 0; i < 20; i += 1) req.write(chunk);
      req.end(tail);
      sent = true;
    };
  });
  return { answer, finish: () => rest() };
}

/** A JSON body sent gzip-compressed (Content-Encoding: gzip); its answer's status and body. */
function gzipPost(path: string, cookie: string, body: unknown) {
  const packed = gzipSync(JSON.stringify(body));
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(new URL(path, api.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(packed.length),
        origin: api.url,
        cookie,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text || '{}') }));
    });
    req.on('error', reject);
    req.end(packed);
  });
}

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);

describe('an order’s files, before they are read', () => {
  it('refuses a caller who is not signed in, or not a party to the order, before the body arrives', async () => {
    const anonymous = heldUpload(`/api/orders/${orderId}/messages`, null);
    expect(await within(anonymous.answer, 2000)).toEqual({
      status: 401,
      body: { error: 'Sign in with your wallet first' },
    });
    const outsider = heldUpload(`/api/orders/${orderId}/messages`, stranger.cookie);
    expect(await within(outsider.answer, 2000)).toEqual({
      status: 403,
      body: { error: 'Only the buyer or the seller of this order can write in its thread' },
    });
    // A listing's edit, for the listing's own seller only.
    const notMine = heldUpload(`/api/products/${productId}`, stranger.cookie, 'PUT');
    expect(await within(notMine.answer, 2000)).toEqual({
      status: 403,
      body: { error: 'You can only change your own listings' },
    });
    const notSeller = heldUpload(`/api/orders/${orderId}/tracking`, buyer.cookie);
    expect((await within(notSeller.answer, 2000)) as { status: number }).toMatchObject({
      status: 403,
    });
  });

  it(`reads at most ${UPLOADS_AT_ONCE} large bodies at once from one address, and the next when one is done`, async () => {
    const path = `/api/orders/${orderId}/messages`;
    const uploads = Array.from({ length: UPLOADS_AT_ONCE }, () => heldUpload(path, buyer.cookie));
    // Those being read are held open; one more is refused at once.
    expect(await within(uploads[0]!.answer, 300)).toBe('no answer');
    const extra = heldUpload(path, buyer.cookie);
    expect(await within(extra.answer, 2000)).toEqual({
      status: 429,
      body: {
        error: `Too many uploads at once from this address (at most ${UPLOADS_AT_ONCE}); wait for one to finish`,
      },
    });
    // A small body (declared under 64 kB) is not held against the cap: a note, a listing.
    const note = new FormData();
    note.set('body', 'Any news?');
    expect((await buyer.call('POST', path, note)).status).toBe(201);
    const small = listing({ sellerId: buyer.user!.id, price: '2.00' });
    expect((await buyer.post('/api/products', small)).status).toBe(201);
    // A compressed body is inflated whatever its length says: it counts, however small.
    expect(await gzipPost('/api/products', buyer.cookie!, small)).toMatchObject({ status: 429 });
    for (const upload of uploads) upload.finish();
    const answers = await Promise.all(uploads.map((u) => u.answer));
    // Each was read whole and answered by the call (a file of 20 MB is over its limit).
    for (const a of answers) expect(a.status).toBe(413);
    const after = new FormData();
    after.set('body', 'Shipped yet?');
    expect((await buyer.call('POST', path, after)).status).toBe(201);
  });
});

describe('the day’s upload budget', () => {
  const MB = 1024 ** 2;
  let budgeted: Api;
  let parties: { seller: Client; buyer: Client; other: Client };
  let order: number;

  beforeAll(async () => {
    budgeted = await startApi({ limits: {}, uploadBytes: { perAddress: 2 * MB, perWallet: MB } });
    const [s, b, o] = [budgeted.client(), budgeted.client(), budgeted.client()];
    await Promise.all([s.signIn(), b.signIn(), o.signIn()]);
    parties = { seller: s, buyer: b, other: o };
    const made = await s.post('/api/products', listing({ sellerId: s.user!.id, price: '1.00' }));
    const chain = budgeted.chain as MemoryChain;
    const paid = chain.pay(b.wallet, budgeted.escrow.publicKey.toBase58(), solToLamports('1.00'));
    order = (await b.post('/api/orders', orderBody(b.user!.id, made.body, paid))).body.id;
  });
  afterAll(() => budgeted.close());

  const withFile = (kB: number) => {
    const form = new FormData();
    form.set('body', 'Photos of the parcel');
    form.append('files', new Blob([Buffer.alloc(kB * 1024, 'a')], { type: 'text/plain' }), 'a.txt');
    return form;
  };

  it('refuses a wallet’s files past its budget before storing them, and lets its words through', async () => {
    const { buyer: b } = parties;
    const path = `/api/orders/${order}/messages`;
    expect((await b.call('POST', path, withFile(700))).status).toBe(201);
    const over = await b.call('POST', path, withFile(700));
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: 'Uploads from this wallet are over 1 MB a day; more can be sent in 24 h',
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const thread = await b.get(`/api/orders/${order}/thread`);
    const withFiles = thread.body.messages.filter((m: { files: string[] }) => m.files.length > 0);
    expect(withFiles).toHaveLength(1);
    const words = new FormData();
    words.set('body', 'Any news?');
    expect((await b.call('POST', path, words)).status).toBe(201);
  });

  it('counts every wallet of one address against the address’s budget, photos included', async () => {
    const { seller: s, other } = parties;
    // The address has spent 700 kB (the refused upload counted nowhere).
    expect((await s.call('POST', `/api/orders/${order}/messages`, withFile(900))).status).toBe(201);
    const photo = `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(500 * 1024)]).toString('base64')}`;
    const listed = await other.post(
      '/api/products',
      listing({ sellerId: other.user!.id, imageUrl: JSON.stringify([photo]) }),
    );
    expect(listed.status).toBe(429);
    expect(listed.body.error).toBe(
      'Uploads from this address are over 2 MB a day; more can be sent in 24 h',
    );
    expect((await other.get(`/api/products?sellerId=${other.user!.id}`)).body).toEqual([]);
  });
});

describe('the upload budget and a listing’s photos', () => {
  const MB = 1024 ** 2;
  let budgeted: Api;
  afterAll(() => budgeted.close());

  it('charges new photos as decoded, and an edit that keeps its photos nothing', async () => {
    budgeted = await startApi({ limits: {}, uploadBytes: { perAddress: 100 * MB, perWallet: MB } });
    const seller = budgeted.client();
    await seller.signIn();
    // 600 kB of PNG: 800 kB as base64 text, 600 kB stored.
    const photo = (kB: number) =>
      `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(kB * 1024)]).toString('base64')}`;
    const made = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, imageUrl: JSON.stringify([photo(600)]) }),
    );
    expect(made.status).toBe(201);
    // 600 + 380 kB: within the megabyte only if counted decoded.
    const second = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, imageUrl: JSON.stringify([photo(380)]) }),
    );
    expect(second.status).toBe(201);
    const over = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, imageUrl: JSON.stringify([photo(100)]) }),
    );
    expect(over.status).toBe(429);
    // Over budget: a rename that keeps the photos, and a listing without any, still go.
    const renamed = await seller.put(`/api/products/${made.body.id}`, {
      ...listing({ sellerId: seller.user!.id, name: 'Renamed lamp' }),
      imageUrl: made.body.imageUrl,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.imageUrl).toBe(made.body.imageUrl);
    const bare = listing({ sellerId: seller.user!.id, imageUrl: '[]' });
    expect((await seller.post('/api/products', bare)).status).toBe(201);
  });
});
