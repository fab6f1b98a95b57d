import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solToLamports } from '@src/domain/money';
import { countOrdersByStatus } from '@src/adapters/db/knex-order-stats';
import { createObservability } from '@src/observability';
import { startApi, type Api } from '../support/api';
import { listing, orderBody, PNG_DATA_URL } from '../support/fixtures';
import type { MemoryChain } from '../support/memory-chain';
import { rawGet } from '../support/raw-get';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 4000 }, (_, i) => `word${i % 97}`))};\n`;
let api: Api;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'mp-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-1a2b3c.js"></script>',
  );
  await writeFile(path.join(webDir, 'assets', 'app-1a2b3c.js'), SCRIPT);
  // The gauges read `api` at scrape time, once it exists.
  const observe = createObservability({
    ordersByStatus: () => countOrdersByStatus(api.db.knex),
    escrowBalance: () => api.chain.balance(api.escrow.publicKey.toBase58()),
  });
  api = await startApi({ server: { webDir, metrics: { registry: observe.registry } } });
});
afterAll(async () => {
  await api.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict CSP that allows the RPC, forbids framing, and no HSTS over plain http', async () => {
    const page = await rawGet(`${api.url}/`);
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8899 ws://127.0.0.1:8900");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const json = await rawGet(`${api.url}/api/products`);
    expect(json.headers['content-security-policy']).toBe(csp);
  });

  it('sends HSTS and upgrades requests when the public origin is https', async () => {
    const https = await startApi({ server: { publicUrl: 'https://shop.example' } });
    try {
      const res = await rawGet(`${https.url}/api/products`);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});

describe('transport', () => {
  it('compresses the SPA’s scripts with brotli or gzip and caches hashed assets for good', async () => {
    const url = `${api.url}/assets/app-1a2b3c.js`;
    const br = await rawGet(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.bytes).toBeLessThan(SCRIPT.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes).toBe(Buffer.byteLength(SCRIPT));
    expect((await rawGet(`${api.url}/`)).headers['cache-control']).toBe('no-cache');
  });

  it('serves stored images uncompressed and cached for good', async () => {
    const seller = api.client();
    await seller.signIn();
    const made = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, imageUrl: JSON.stringify([PNG_DATA_URL]) }),
    );
    const image = JSON.parse(made.body.imageUrl)[0] as string;
    const res = await rawGet(`${api.url}${image}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('keep-alive behind a proxy', () => {
  it('keeps an idle connection open past Node’s 5 s (6 s with its margin), so a proxy reusing it gets an answer', async () => {
    const { port } = new URL(api.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ask = async () => {
      const before = received.length;
      socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await vi.waitFor(() => expect(received.slice(before)).toMatch(/\{"ok":true\}$/));
    };
    try {
      await ask();
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(socket.readyState).toBe('open');
      await ask();
    } finally {
      socket.destroy();
    }
  }, 15_000);
});

describe('conditional GETs on the API', () => {
  it('tags the catalogue, answers 304 to the same tag, and a new tag once it changes', async () => {
    const first = await rawGet(`${api.url}/api/products`);
    expect(first.status).toBe(200);
    const tag = first.headers.etag;
    expect(tag).toMatch(/^(W\/)?"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await rawGet(`${api.url}/api/products`, { 'if-none-match': tag! });
    expect(same.status).toBe(304);
    expect(same.bytes).toBe(0);

    const seller = api.client();
    await seller.signIn();
    await seller.post('/api/products', listing({ sellerId: seller.user!.id, name: 'Fresh kite' }));
    const changed = await rawGet(`${api.url}/api/products`, { 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.body.toString()).toContain('Fresh kite');
  });
});

describe('the catalogue as JSON', () => {
  it('answers every list page as JSON, computed or kept, the marketplace and a seller’s', async () => {
    const seller = api.client();
    await seller.signIn();
    await seller.post('/api/products', listing({ sellerId: seller.user!.id, name: 'Json kite' }));
    for (const path of [
      '/api/products',
      '/api/products',
      `/api/products?sellerId=${seller.user!.id}`,
    ]) {
      const res = await rawGet(`${api.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString())[0]).toMatchObject({ name: 'Json kite' });
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, and reads orders and the escrow balance', async () => {
    const seller = api.client();
    const buyer = api.client();
    await Promise.all([seller.signIn(), buyer.signIn()]);
    const made = await seller.post('/api/products', listing({ sellerId: seller.user!.id }));
    await buyer.get(`/api/products/${made.body.id}`);
    await buyer.get('/api/products/999999');
    const signature = (api.chain as MemoryChain).pay(
      buyer.wallet,
      api.escrow.publicKey.toBase58(),
      solToLamports(made.body.price),
    );
    const bought = await buyer.post('/api/orders', orderBody(buyer.user!.id, made.body, signature));
    expect(bought.status).toBe(201);

    const res = await rawGet(`${api.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body.toString();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(/route="\/api\/orders",status="201"\} 1/);
    expect(text).not.toMatch(/route="\/api\/products\/\d+"/);
    expect(text).toContain('marketplace_orders{status="escrow_held"} 1');
    expect(text).toContain(`marketplace_escrow_balance_lamports ${solToLamports(made.body.price)}`);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('is refused to a request that came through a proxy, and to anyone without the token when one is set', async () => {
    const proxied = await rawGet(`${api.url}/metrics`, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(403);
    expect(JSON.parse(proxied.body.toString()).error).toMatch(/METRICS_TOKEN/);
    // A page on another domain re-pointed at this machine (DNS rebinding) names its domain.
    const rebound = await rawGet(`${api.url}/metrics`, { host: 'attacker.example' });
    expect(rebound.status).toBe(403);
    expect((await rawGet(`${api.url}/metrics`, { host: 'localhost' })).status).toBe(200);

    const guarded = await startApi({
      server: {
        metrics: {
          registry: createObservability({
            ordersByStatus: async () => ({}),
            escrowBalance: async () => 0n,
          }).registry,
          token: 'a-long-enough-secret',
        },
      },
    });
    try {
      expect((await rawGet(`${guarded.url}/metrics`)).status).toBe(401);
      expect(
        (await rawGet(`${guarded.url}/metrics`, { authorization: 'Bearer wrong' })).status,
      ).toBe(401);
      const ok = await rawGet(`${guarded.url}/metrics`, {
        authorization: 'Bearer a-long-enough-secret',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(ok.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
