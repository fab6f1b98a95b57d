import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { Response } from 'playwright-core';
import type { Step } from '../lib/runner';

/** A GET whose body is counted as it travels (compressed). */
function travelled(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; bytes: number }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            bytes,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * 8b. What Chromium received on a fresh visit: the CSP and framing headers, compressed and
 * immutably cached scripts; a foreign page cannot frame the marketplace; /metrics counted the
 * journey (orders, requests by route).
 */
export const transportStep: Step = {
  name: '8b. headers, compression, framing refused, and /metrics counted the journey',
  async run(w) {
    const { page, context } = await w.actor('visitor');
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    const listen = (res: Response) => {
      if (/\/assets\/.+\.js$/.test(res.url())) {
        const h = res.headers();
        scripts.push({
          url: res.url(),
          encoding: h['content-encoding'],
          cache: h['cache-control'],
        });
      }
    };
    page.on('response', listen);
    await page.goto('/?fresh=1', { waitUntil: 'networkidle' });
    page.off('response', listen);
    const document = await page.request.get('/');
    const csp = document.headers()['content-security-policy'] ?? '';
    const config = await w.api.public.get<{ rpcUrl: string }>('/api/config');
    const rpc = new URL(config.rpcUrl);
    const ws = `ws://${rpc.hostname}:${Number(rpc.port) + 1}`;
    assert.match(csp, /script-src 'self'/, 'the CSP allows scripts from the marketplace only');
    assert.ok(
      csp.includes(`connect-src 'self' ${rpc.origin} ${ws}`),
      `connect-src names the RPC: ${csp}`,
    );
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(document.headers()['x-frame-options'], 'DENY');

    assert.ok(scripts.length > 0, 'the page loaded its scripts');
    for (const s of scripts) {
      assert.match(s.encoding ?? '', /^(br|gzip)$/, `${s.url} travelled compressed`);
      assert.equal(s.cache, 'public, max-age=31536000, immutable', `${s.url} is cached for good`);
    }
    const main = new URL(scripts[0]!.url);
    const [squeezed, whole] = await Promise.all([
      travelled(main.href, { 'accept-encoding': 'br, gzip' }),
      travelled(main.href, {}),
    ]);
    assert.ok(
      squeezed.bytes * 2 < whole.bytes,
      `${main.pathname}: ${squeezed.bytes} of ${whole.bytes} bytes`,
    );

    // A foreign page that frames the marketplace gets nothing (clickjacking on Buy Now).
    const framer = await context.newPage();
    try {
      await framer.setContent(`<iframe src="${w.product.url}/" width="400" height="300"></iframe>`);
      await framer.waitForTimeout(1000);
      const inner = framer.frames().find((f) => f !== framer.mainFrame());
      const title = await inner?.title().catch(() => '');
      assert.notEqual(
        title,
        'Escrow Marketplace',
        'the marketplace rendered inside a foreign frame',
      );
    } finally {
      await framer.close();
    }

    // Each server process counts its own requests: behind the balancer, each is scraped
    // directly (as a deployment's Prometheus does), and /metrics through it is refused.
    const servers = w.product.servers ?? [w.product.url];
    const texts: string[] = [];
    for (const server of servers) {
      const metrics = await travelled(`${server}/metrics`, {});
      assert.equal(metrics.status, 200, '/metrics answers this machine');
      texts.push(await (await fetch(`${server}/metrics`)).text());
    }
    const anyServer = (pattern: RegExp) =>
      assert.ok(
        texts.some((text) => pattern.test(text)),
        `no server's /metrics has ${pattern}`,
      );
    anyServer(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/orders",status="201"\} [1-9]/,
    );
    anyServer(/marketplace_orders\{status="completed"\} [1-9]/);
    anyServer(/solana_rpc_calls_total\{method="getTransaction",outcome="ok"\} [1-9]/);
    anyServer(/marketplace_escrow_balance_lamports \d+/);
    if (w.product.servers) {
      const balanced = await travelled(`${w.product.url}/metrics`, {});
      assert.equal(balanced.status, 403, '/metrics through the balancer is refused');
    }
    const proxied = await travelled(`${servers[0]}/metrics`, {
      'x-forwarded-for': '203.0.113.9',
    });
    assert.equal(proxied.status, 403, '/metrics refuses what came through a proxy');
  },
};
