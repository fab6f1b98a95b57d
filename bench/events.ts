import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Client } from '../test/support/api';
import { startServerProcess } from '../test/support/server-process';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Live updates under load: `clients` event streams (GET /api/events, as visitors: product
 * changes are public) held open against the product running as its own process (`make start`'s
 * composition: PGlite, the local chain), while a seller makes `changes` listings one after the
 * other. Measures events delivered per second across all streams, and the delay from the API's
 * answer (the change committed) to each stream receiving its event.
 */
export async function benchEvents(opts: { clients: number; changes: number }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-events-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOCAL_CHAIN_PORT: '0',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '', // PGlite, as make start runs it, whatever DATABASE_URL the bench has
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const arrivals = new Map<number, number[]>(); // product id -> arrival times
  let delivered = 0;
  try {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < opts.clients; i += 1) {
      ready.push(
        listen(server.url, agent, requests, (subjectId) => {
          delivered += 1;
          const list = arrivals.get(subjectId) ?? [];
          list.push(performance.now());
          arrivals.set(subjectId, list);
        }),
      );
    }
    await Promise.all(ready);
    const seller = new Client(server.url);
    await seller.signIn();
    const committedAt = new Map<number, number>();
    const started = performance.now();
    for (let i = 0; i < opts.changes; i += 1) {
      const made = await seller.post('/api/products', {
        name: `Bench item ${i}`,
        description: 'Made by the live updates benchmark',
        price: '1.00',
        category: 'other',
        condition: 'new',
        sellerId: seller.user!.id,
        imageUrl: null,
      });
      committedAt.set(made.body.id as number, performance.now());
    }
    const expected = opts.changes * opts.clients;
    const deadline = performance.now() + 60_000;
    while (delivered < expected && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const elapsed = (performance.now() - started) / 1000;
    const delays: number[] = [];
    for (const [id, times] of arrivals) {
      const at = committedAt.get(id);
      if (at !== undefined) for (const t of times) delays.push(Math.max(0, t - at));
    }
    delays.sort((a, b) => a - b);
    return {
      clients: opts.clients,
      changes: opts.changes,
      delivered,
      expected,
      perSecond: delivered / elapsed,
      medianMs: delays.length ? percentile(delays, 0.5) : NaN,
      p95Ms: delays.length ? percentile(delays, 0.95) : NaN,
    };
  } finally {
    for (const request of requests) request.destroy();
    agent.destroy();
    await server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One visitor's stream: resolves once it is `ready`; calls `onChange` per product change. */
function listen(
  url: string,
  agent: http.Agent,
  requests: http.ClientRequest[],
  onChange: (id: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { agent }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: ?ready$/m.test(frame)) resolve();
          const data = /^data: ?(.*)$/m.exec(frame)?.[1];
          if (/^event: ?change$/m.test(frame) && data) {
            const change = JSON.parse(data) as { topic: string; subjectId: number };
            if (change.topic === 'product') onChange(change.subjectId);
          }
        }
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    requests.push(request);
  });
}
