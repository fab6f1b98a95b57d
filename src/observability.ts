import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Scrapes wait at most this long for the database or the chain; a slow one is left out. */
const COLLECT_TIMEOUT_MS = 2000;

const within = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS).unref(),
    ),
  ]);

export interface Observability {
  registry: Registry;
  /** For the RPC client's `onCall` and the retrying fetch's `onRetry`. */
  chain: {
    onCall(method: string, outcome: string, seconds: number): void;
    onRetry(): void;
  };
}

/**
 * The operator's metrics (Prometheus): the process's own, the chain RPC calls and 429 retries,
 * and, read at scrape time, orders by status and the escrow wallet's balance. One registry per
 * marketplace, so several can run in one process (tests). The HTTP adapter adds its requests.
 */
export function createObservability(sources: {
  ordersByStatus: () => Promise<Record<string, number>>;
  escrowBalance: () => Promise<bigint>;
}): Observability {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const calls = new Counter({
    name: 'solana_rpc_calls_total',
    help: 'JSON-RPC calls to the Solana node, by method and outcome (ok or the failure)',
    labelNames: ['method', 'outcome'],
    registers,
  });
  const latency = new Histogram({
    name: 'solana_rpc_call_duration_seconds',
    help: 'Time of a JSON-RPC call to the Solana node, 429 retries included',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const retries = new Counter({
    name: 'solana_rpc_retries_total',
    help: 'HTTP 429 answers of the Solana node that were retried',
    registers,
  });
  new Gauge({
    name: 'marketplace_orders',
    help: 'Orders by status',
    labelNames: ['status'],
    registers,
    async collect() {
      const counts = await within(sources.ordersByStatus()).catch(() => null);
      if (!counts) return;
      this.reset();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'marketplace_escrow_balance_lamports',
    help: 'Balance of the escrow wallet on chain, in lamports',
    registers,
    async collect() {
      const lamports = await within(sources.escrowBalance()).catch(() => null);
      if (lamports !== null) this.set(Number(lamports));
    },
  });
  return {
    registry,
    chain: {
      onCall(method, outcome, seconds) {
        calls.inc({ method, outcome });
        latency.observe({ method }, seconds);
      },
      onRetry: () => retries.inc(),
    },
  };
}
