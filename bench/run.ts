import path from 'node:path';
import { firstLoadJs } from './bundle';
import { benchPurchases } from './purchases';

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

const purchases = Number(process.env.BENCH_PURCHASES ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const result = await benchPurchases({ purchases, concurrency });
console.log(
  `Verified purchases through HTTP on the local chain: ${result.purchases} with ${concurrency} buyers at once, ` +
    `${result.perSecond.toFixed(1)}/s; signed -> order recorded: median ${result.medianMs.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms`,
);
