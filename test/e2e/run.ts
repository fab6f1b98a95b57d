/**
 * `make e2e`: the whole product in headless Chromium, once on PGlite, once on PGlite with the
 * local chain on its mainnet profile (`mainnet`: drops, lag, expiring blockhashes, 429s), once on
 * PostgreSQL and once through haproxy in front of two servers on PostgreSQL (`balancer`, as
 * `make cluster` runs it; only where haproxy is installed), and once on PGlite with
 * ESCROW_MODE=multisig (`multisig`: each order's money in its own 2-of-3 escrow account; its own
 * journey, steps/multisig-journey.ts, checked on chain lamport by lamport).
 * Starts `node --import tsx cli/main.ts serve` (as `make start` does) on fresh folders and ports,
 * drives the journey in steps/journey.ts and ends with "N passed, M failed" (exit 1 on any
 * failure). It builds nothing: `make e2e` builds dist/web first.
 *
 * Environment: E2E_BACKENDS (default "pglite,mainnet,postgres,multisig,balancer"), E2E_POSTGRES_URL (server to create a
 * scratch database on; default postgres://postgres@127.0.0.1:5432/test), E2E_CHROMIUM
 * (default /usr/bin/chromium), E2E_LOG_LEVEL (the product's log level, default info),
 * E2E_STEPS (a subset of the journey by the steps' numbers, e.g. `0,10` for the catalogue and the
 * scale step alone; the steps a chosen one builds on are the caller's to include).
 * Screenshots (1280 and 390 px), product logs and the generated files go to
 * .e2e-artifacts/<timestamp>/<backend>/.
 * On the first backend only: axe (WCAG 2.0/2.1 A and AA) checks every screen shot and fails the
 * step on a violation, and the scale step (steps/scale.ts) lists 1,000 products and prints the
 * marketplace's DOM size and Product Management's first paint.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from './lib/postgres-db';
import { startClusterProduct } from './lib/cluster-product';
import { REPO_ROOT, startProduct, type RunningProduct } from './lib/product-process';
import { runJourney, type StepResult } from './lib/runner';
import { createWorld, type World } from './lib/world';
import { journey } from './steps/journey';
import { multisigJourney } from './steps/multisig-journey';

const started = Date.now();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const artifacts = path.join(REPO_ROOT, '.e2e-artifacts', stamp);
const hasHaproxy = (() => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const backends = (
  process.env.E2E_BACKENDS ?? `pglite,mainnet,postgres,multisig${hasHaproxy ? ',balancer' : ''}`
)
  .split(',')
  .filter(Boolean);
/** The steps' numbers of E2E_STEPS ("0,10"); empty runs the whole journey. */
const chosenSteps = (process.env.E2E_STEPS ?? '')
  .split(',')
  .map((n) => n.trim())
  .filter(Boolean);
const chosen = (name: string) =>
  chosenSteps.length === 0 || chosenSteps.includes(name.slice(0, name.indexOf('.')));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const MARK = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' } as const;

function print(result: StepResult) {
  const line = `${MARK[result.status]} [${result.journey}] ${result.step} (${seconds(result.ms)})`;
  process.stdout.write(`${line}\n`);
  if (result.detail && result.status !== 'passed') {
    process.stdout.write(`     ${result.detail.split('\n').slice(0, 8).join('\n     ')}\n`);
  }
}

async function runBackend(backend: string): Promise<StepResult[]> {
  const dir = path.join(artifacts, backend);
  await mkdir(dir, { recursive: true });
  let database: ScratchDatabase | undefined;
  let product: RunningProduct | undefined;
  let world: World | undefined;
  try {
    if (backend === 'postgres' || backend === 'balancer') database = await createScratchDatabase();
    const t0 = Date.now();
    const logFile = path.join(dir, 'product.log');
    product =
      backend === 'balancer'
        ? await startClusterProduct({ databaseUrl: database!.url, logFile })
        : await startProduct({
            databaseUrl: database?.url,
            logFile,
            // The journey again on a bad mainnet day: slow confirmations, dropped sends,
            // expiring blockhashes, lagging history and 429s (src/local-chain/profile.ts).
            // `multisig`: each order's money in its own 2-of-3 escrow account (issue 18).
            env:
              backend === 'mainnet'
                ? { LOCAL_CHAIN_PROFILE: 'mainnet' }
                : backend === 'multisig'
                  ? { ESCROW_MODE: 'multisig' }
                  : undefined,
          });
    const t1 = Date.now();
    const first = backend === backends[0];
    // The screens are the same on every backend: axe checks them on the first (~20 s a run).
    world = await createWorld({ backend, product, artifacts: dir, axe: first });
    process.stdout.write(
      `[${backend}] product up at ${product.url} in ${seconds(t1 - t0)}; ` +
        `wallets funded and browser open in ${seconds(Date.now() - t1)}` +
        `${first ? '; axe (WCAG 2.0/2.1 A, AA) checks every screen shot' : ''}\n`,
    );
    // Behind the balancer the servers use the chain as a real cluster (SOLANA_RPC_URL): their
    // clocks do not follow a warp, so the steps that move the clock run on the other backends.
    const wanted = (backend === 'multisig' ? multisigJourney : journey).filter((s) =>
      chosen(s.name),
    );
    const steps = wanted.filter(
      (s) => !(backend === 'balancer' && s.movesTheClock) && !(s.once && !first),
    );
    for (const left of wanted.filter((s) => !steps.includes(s))) {
      const why = left.once
        ? `it measures, on the first backend (${backends[0]}) only`
        : "it moves the chain's clock";
      process.stdout.write(`[${backend}] not run here (${why}): ${left.name}\n`);
    }
    const results = await runJourney(backend, world, steps, print);
    if (results.some((r) => r.status === 'skipped')) {
      for (const note of world.problemReport()) process.stdout.write(`     browser: ${note}\n`);
    }
    return results;
  } catch (error) {
    const result: StepResult = {
      journey: backend,
      step: 'start the product and the people',
      status: 'failed',
      ms: 0,
      detail: (error as Error).stack ?? String(error),
    };
    print(result);
    return [result];
  } finally {
    await world?.closeAll().catch(() => undefined);
    await product?.stop().catch(() => undefined);
    await database?.drop().catch((e: Error) => process.stdout.write(`drop failed: ${e.message}\n`));
  }
}

async function main() {
  process.stdout.write(`E2E artifacts: ${artifacts}\n`);
  if (!hasHaproxy && !process.env.E2E_BACKENDS) {
    process.stdout.write('haproxy is not installed: no run through the balancer\n');
  }
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'web', 'index.html'))) {
    process.stdout.write('dist/web/index.html is missing: run `make e2e` (it builds the web)\n');
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(1);
  }
  const results: StepResult[] = [];
  for (const backend of backends) results.push(...(await runBackend(backend)));
  const count = (status: StepResult['status']) => results.filter((r) => r.status === status).length;
  process.stdout.write(`\nSuite time: ${seconds(Date.now() - started)}\n`);
  process.stdout.write(`Screenshots: ${artifacts}\n`);
  if (count('skipped')) process.stdout.write(`${count('skipped')} skipped after a failure\n`);
  const failed = count('failed') + count('skipped');
  process.stdout.write(`${count('passed')} passed, ${failed} failed\n`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stdout.write(`${(error as Error).stack ?? String(error)}\n0 passed, 1 failed\n`);
  process.exit(1);
});
