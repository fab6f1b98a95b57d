import path from 'node:path';
import { firstLoadJs, firstLoadOverHttp } from './bundle';
import { benchEvents } from './events';
import { benchFlood } from './flood';
import { benchPurchases, startBenchMarket } from './purchases';

// `make bench`: figures, not pass/fail. Each line says what was measured and how.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const bundle = firstLoadJs(path.resolve(import.meta.dirname, '..', 'dist', 'web'));
if (bundle) {
  console.log(
    `Marketplace first-load JS (gzip): ${kb(bundle.total)} in ${bundle.files.length} files (target <= 250 kB)`,
  );
  for (const f of bundle.files) console.log(`  ${f.file}  ${kb(f.gzip)}`);
} else {
  console.log('Marketplace first-load JS: no build in dist/web (make build-web)');
}

const bench = await startBenchMarket();
try {
  if (bundle) {
    const wire = await firstLoadOverHttp(bench.market.url, bundle.files);
    console.log(
      `Marketplace first-load JS over HTTP from the running server: ${kb(wire.total)} on the wire ` +
        `(GET with Accept-Encoding: gzip, deflate, br; bytes counted as received)`,
    );
    for (const f of wire.files) console.log(`  ${f.file}  ${kb(f.bytes)} (${f.encoding})`);
  }
  await purchasesOn(bench.market);
  const flood = await benchFlood(bench.market, { wallets: 10, postsEach: 5 });
  console.log(
    `A flood of ${flood.posts} order posts with random signatures from 10 wallets at once: slowest ${flood.slowestMs.toFixed(0)} ms, ` +
      `median ${flood.medianMs.toFixed(0)} ms; ${flood.callsPerPost.toFixed(2)} chain calls per post ` +
      `(${flood.refusedNotFound} refused as not on chain, ${flood.refusedBusy} as the wallet's checks already under way; calls read from /metrics)`,
  );
} finally {
  await bench.close();
}

async function purchasesOn(market: Parameters<typeof benchPurchases>[0]) {
  const purchases = Number(process.env.BENCH_PURCHASES ?? 200);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
  const result = await benchPurchases(market, { purchases, concurrency });
  console.log(
    `Verified purchases through HTTP on the local chain: ${result.purchases} with ${concurrency} buyers at once, ` +
      `${result.perSecond.toFixed(1)}/s; signed -> order recorded: median ${result.medianMs.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms`,
  );
}

const live = await benchEvents({
  clients: Number(process.env.BENCH_EVENT_CLIENTS ?? 1000),
  changes: Number(process.env.BENCH_EVENT_CHANGES ?? 20),
});
console.log(
  `Live updates: ${live.clients} event streams held open against the product as its own process, ` +
    `${live.changes} listings made one after the other: ${live.delivered} of ${live.expected} events delivered, ` +
    `${live.perSecond.toFixed(0)} events/s; committed change -> event received: median ${live.medianMs.toFixed(0)} ms, ` +
    `p95 ${live.p95Ms.toFixed(0)} ms`,
);
