import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { firstLoadJs, firstLoadOverHttp } from './bundle';
import { benchCatalogue } from './catalogue';
import { benchEvents } from './events';
import { benchFlood } from './flood';
import {
  benchChainAlone,
  benchPurchases,
  startBenchServer,
  type BenchServer,
  type PurchaseFigures,
  type Rate,
} from './purchases';

// `make bench`: figures, not pass/fail. Each line says what was measured and how. The server
// runs as its own process (as `make start` runs it); every client runs in this one.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PURCHASES = env('BENCH_PURCHASES', 200);
const CONCURRENCY = env('BENCH_CONCURRENCY', 10);
const ROUNDS = env('BENCH_ROUNDS', 2);
const WARMUP = env('BENCH_WARMUP', 1);
const databaseUrl = process.env.DATABASE_URL;
const CORES = os.availableParallelism();

const bundle = firstLoadJs(path.resolve(import.meta.dirname, '..', 'dist', 'web'));
if (bundle) {
  console.log(
    `Marketplace first-load JS (gzip): ${kb(bundle.total)} in ${bundle.files.length} files (target <= 250 kB)`,
  );
  for (const f of bundle.files) console.log(`  ${f.file}  ${kb(f.gzip)}`);
} else {
  console.log('Marketplace first-load JS: no build in dist/web (make build-web)');
}

const haproxyInstalled = () => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The middle value; with an even count, the mean of the two middle ones. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The chain alone, then verified purchases through HTTP, interleaved `ROUNDS` times on one
 * server (the machine is noisy: side by side in one run, the ratio is the figure).
 */
async function purchasesAgainstChain(server: BenchServer, label: string) {
  const chain: Rate[] = [];
  const http: PurchaseFigures[] = [];
  // A server that has just started compiles its hot paths (V8's optimizing compiler ran on the
  // other core for about 5 ms a purchase in the first 200): the rounds measure it warm, as a
  // server that has been up a while runs; the warm-up is printed, not counted.
  for (let round = 0; round < WARMUP; round += 1) {
    const c = await benchChainAlone(server, { transfers: PURCHASES, concurrency: CONCURRENCY });
    const h = await benchPurchases(server, { purchases: PURCHASES, concurrency: CONCURRENCY });
    console.log(
      `  warm-up (not counted): chain alone ${c.perSecond.toFixed(1)}/s; purchases ${h.perSecond.toFixed(1)}/s ` +
        `(median ${ms(h.medianMs)}, ${h.failures} answers other than 201)`,
    );
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    chain.push(await benchChainAlone(server, { transfers: PURCHASES, concurrency: CONCURRENCY }));
    http.push(await benchPurchases(server, { purchases: PURCHASES, concurrency: CONCURRENCY }));
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const c = chain[round]!;
    const h = http[round]!;
    console.log(
      `  round ${round + 1}: chain alone ${c.perSecond.toFixed(1)}/s (signed -> confirmed median ${ms(c.medianMs)}); ` +
        `purchases through HTTP ${h.perSecond.toFixed(1)}/s (signed -> order recorded median ${ms(h.medianMs)}, p95 ${ms(h.p95Ms)})`,
    );
    if (c.cpu.serverMs !== null && h.cpu.serverMs !== null) {
      console.log(
        `           CPU per payment, chain alone: server ${c.cpu.serverMs.toFixed(1)} ms + clients ${c.cpu.clientMs.toFixed(1)} ms; ` +
          `per purchase: server ${h.cpu.serverMs.toFixed(1)} ms + clients ${h.cpu.clientMs.toFixed(1)} ms ` +
          `(${CORES} cores can do at most ${((CORES * 1000) / (h.cpu.serverMs + h.cpu.clientMs)).toFixed(0)} purchases/s at that cost; ` +
          `a separate database server's CPU is not counted); with the cores as the limit, purchases reach at most ` +
          `${((c.cpu.serverMs + c.cpu.clientMs) / (h.cpu.serverMs + h.cpu.clientMs)).toFixed(2)} of the chain alone's rate`,
      );
    }
    console.log(
      `           after it: ${h.failures} answers other than 201, ${h.ordersRecorded} of ${h.count} orders escrow_held, ` +
        `${h.soldQuantity} sold, reconcile ${h.reconcileClean ? 'clean' : 'NOT CLEAN'}`,
    );
  }
  const chainRate = median(chain.map((c) => c.perSecond));
  const httpRate = median(http.map((h) => h.perSecond));
  const latency = median(http.map((h) => h.medianMs));
  console.log(
    `${label}: ${PURCHASES} purchases x ${ROUNDS} rounds, ${CONCURRENCY} buyers at once: ` +
      `purchases ${httpRate.toFixed(1)}/s vs the chain alone ${chainRate.toFixed(1)}/s = ` +
      `${(httpRate / chainRate).toFixed(2)} (goal >= 0.80); signed -> order recorded median ${ms(latency)} (goal <= 80 ms)`,
  );
  return httpRate;
}

const pglite = await startBenchServer();
try {
  if (bundle) {
    const wire = await firstLoadOverHttp(pglite.url, bundle.files);
    console.log(
      `Marketplace first-load JS over HTTP from the running server: ${kb(wire.total)} on the wire ` +
        `(GET with Accept-Encoding: gzip, deflate, br; bytes counted as received)`,
    );
    for (const f of wire.files) console.log(`  ${f.file}  ${kb(f.bytes)} (${f.encoding})`);
  }
  await purchasesAgainstChain(pglite, 'PGlite (embedded default)');
  const flood = await benchFlood(pglite, { wallets: 10, postsEach: 5 });
  console.log(
    `A flood of ${flood.posts} order posts with random signatures from 10 wallets at once: slowest ${ms(flood.slowestMs)} (goal <= 300 ms), ` +
      `median ${ms(flood.medianMs)}; ${flood.callsPerPost.toFixed(2)} chain calls per post (goal <= 2) ` +
      `(${flood.refusedNotFound} refused as not on chain, ${flood.refusedBusy} as the wallet's checks already under way; calls read from /metrics)`,
  );
} finally {
  await pglite.close();
}

if (databaseUrl) {
  const { scratchDatabase } = await import('./catalogue');
  const db = await scratchDatabase(databaseUrl, `bench_purchases_${process.pid}`);
  const server = await startBenchServer({ databaseUrl: db.url });
  try {
    const rate = await purchasesAgainstChain(server, 'PostgreSQL');
    console.log(`  PostgreSQL purchases ${rate.toFixed(1)}/s (goal >= 200/s)`);
  } finally {
    await server.close();
    await db.drop();
  }
  if (haproxyInstalled()) {
    const { startBenchCluster } = await import('./cluster');
    const db2 = await scratchDatabase(databaseUrl, `bench_cluster_${process.pid}`);
    const cluster = await startBenchCluster(db2.url, 2);
    try {
      await purchasesAgainstChain(
        cluster,
        'PostgreSQL, 2 servers behind haproxy (both cores serving HTTP)',
      );
    } finally {
      await cluster.close();
      await db2.drop();
    }
  } else {
    console.log('PostgreSQL behind haproxy: not measured (apt-get install -y haproxy)');
  }
  const sizes = (process.env.BENCH_CATALOGUE ?? '100000,1000000').split(',').map(Number);
  await benchCatalogue(
    databaseUrl,
    { sizes, seconds: env('BENCH_LIST_SECONDS', 5), connections: 32, listAt: sizes[0]! },
    (f) => {
      if (f.http && f.sql) {
        const line = (
          what: string,
          h: { perSecond: number; non2xx: number },
          q: { perSecond: number },
        ) =>
          console.log(
            `Catalogue, ${f.products} products on PostgreSQL, ${what}: ${h.perSecond.toFixed(0)} req/s over HTTP ` +
              `(autocannon, 32 connections, ${h.non2xx} non-2xx) vs the same SQL through pg ${q.perSecond.toFixed(0)}/s = ` +
              `${(h.perSecond / q.perSecond).toFixed(2)} (goal >= 0.50)`,
          );
        line('GET /api/products (the 48 newest, kept between changes)', f.http.first, f.sql.first);
        line('pages of 48 spread over the catalogue (each computed)', f.http.spread, f.sql.spread);
      }
      console.log(
        `Search, ${f.products} products: p50 ${f.search.p50Ms.toFixed(1)} ms, p95 ${f.search.p95Ms.toFixed(1)} ms over HTTP, one at a time ` +
          `(goal p50 < ${f.products >= 1_000_000 ? 20 : 10} ms)`,
      );
    },
  );
} else {
  console.log(
    'PostgreSQL figures: set DATABASE_URL (a server the benchmark may create databases on)',
  );
}

const live = await benchEvents({
  clients: env('BENCH_EVENT_CLIENTS', 1000),
  changes: env('BENCH_EVENT_CHANGES', 20),
});
console.log(
  `Live updates: ${live.clients} event streams held open against the product as its own process, ` +
    `${live.changes} listings made one after the other: ${live.delivered} of ${live.expected} events delivered, ` +
    `${live.perSecond.toFixed(0)} events/s; committed change -> event received: median ${live.medianMs.toFixed(0)} ms, ` +
    `p95 ${live.p95Ms.toFixed(0)} ms`,
);
