import type { Connection } from '@solana/web3.js';
import { Keypair, PublicKey } from '@solana/web3.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from '@src/adapters/solana/connection';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { Client } from '../test/support/api';
import { orderBody } from '../test/support/fixtures';
import { startServerProcess } from '../test/support/server-process';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export interface BenchServer {
  url: string;
  rpcUrl: string;
  escrowWallet: string;
  admin: Client;
  /** A single server's process id, and what it printed so far. */
  pid?: number;
  output?(): string;
  close(): Promise<void>;
}

/**
 * The product as `make start` runs it, as its own process (`cli/main.ts serve`: the local chain
 * inside it, PGlite or the PostgreSQL of `databaseUrl`), so that the benchmark's clients, which
 * run here, take no turns on its event loop. Rate limits are off: one address posts everything.
 */
export async function startBenchServer(
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-'));
  const admin = Keypair.generate();
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      LOCAL_CHAIN_PORT: '0',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      ADMIN_WALLETS: admin.publicKey.toBase58(),
      // Blank is unset: without databaseUrl, PGlite, whatever DATABASE_URL this process has.
      DATABASE_URL: opts.databaseUrl ?? '',
      ...opts.env,
    },
    {
      // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
      // BENCH_NODE_ARGS: node's flags for the server (--perf-basic-prof for perf, --trace-gc ...).
      nodeArgs: [
        ...(process.env.BENCH_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
          : []),
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  );
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
    rpcUrl: string;
    escrowWallet: string;
  };
  const adminClient = new Client(server.url, admin);
  await adminClient.signIn();
  return {
    url: server.url,
    rpcUrl: config.rpcUrl,
    escrowWallet: config.escrowWallet,
    admin: adminClient,
    pid: server.pid,
    output: () => server.output(),
    async close() {
      await server.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Rate {
  count: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
  /** CPU time per item (all threads): the server's process (where /proc tells) and this one's. */
  cpu: { serverMs: number | null; clientMs: number };
}

/** A process's CPU time so far, all threads, from /proc (Linux; null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const rate = (latencies: number[], seconds: number): Omit<Rate, 'cpu'> => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: sorted.length / seconds,
    medianMs: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
  };
};

async function fundedKeypairs(connection: Connection, count: number): Promise<Keypair[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const keypair = Keypair.generate();
      const signature = await connection.requestAirdrop(keypair.publicKey, 10 ** 11);
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
      await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
      return keypair;
    }),
  );
}

/**
 * `count` jobs run by `workers` loops at once; each job's latency is what `job` returns. The CPU
 * the server's process (`serverPid`) and this one spent meanwhile is divided by `count`.
 */
async function drive(
  serverPid: number | undefined,
  workers: number,
  count: number,
  job: (worker: number) => Promise<number>,
): Promise<Rate> {
  const latencies: number[] = [];
  let next = 0;
  const serverBefore = processCpuMs(serverPid);
  const clientBefore = ownCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < count) {
        next += 1;
        latencies.push(await job(worker));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = processCpuMs(serverPid);
  const cpu = {
    serverMs:
      serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / count,
    clientMs: (ownCpuMs() - clientBefore) / count,
  };
  return { ...rate(latencies, seconds), cpu };
}

/**
 * A payment's reference: 32 random bytes, as the server's own references (no key pair: the
 * buyers' devices, not the server's cores, would spend that curve multiplication).
 */
const newReferenceKey = () => new PublicKey(randomBytes(32));

const closeSocket = (connection: Connection) =>
  // web3.js keeps reconnecting its WebSocket unless it is closed first.
  (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close();

/**
 * The chain alone: `transfers` payments into escrow sent and confirmed by `concurrency` payers
 * at once, with the same client code the purchases use; latency from signed to confirmed.
 */
export async function benchChainAlone(
  server: BenchServer,
  opts: { transfers: number; concurrency: number },
): Promise<Rate> {
  const connection = createConnection(server.rpcUrl);
  try {
    const payers = await fundedKeypairs(connection, opts.concurrency);
    const lamports = solToLamports('0.01');
    // Not into escrow: these payments buy nothing, and reconcile would rightly flag them.
    const sink = Keypair.generate().publicKey;
    return await drive(server.pid, opts.concurrency, opts.transfers, async (worker) => {
      const tx = await buildTransfer(connection, payers[worker]!, sink, lamports, {
        reference: newReferenceKey(),
      });
      const signed = performance.now();
      await sendAndConfirm(connection, tx);
      return performance.now() - signed;
    });
  } finally {
    closeSocket(connection);
  }
}

export interface PurchaseFigures extends Rate {
  /** Answers other than 201 (each is also thrown). */
  failures: number;
  /** After the run, from the API: every order escrow_held, the stock sold exactly, reconcile. */
  ordersRecorded: number;
  soldQuantity: number;
  reconcileClean: boolean;
}

/**
 * Verified purchases through the HTTP API: each buyer signs a transfer into escrow, sends and
 * confirms it, then posts the order, which the server verifies on chain; latency from signed to
 * order recorded. Afterwards the state is checked through the API: one order per purchase,
 * the stock sold exactly, and the admin's reconcile finds nothing wrong.
 */
export async function benchPurchases(
  server: BenchServer,
  opts: { purchases: number; concurrency: number },
): Promise<PurchaseFigures> {
  const connection = createConnection(server.rpcUrl);
  try {
    const seller = new Client(server.url);
    await seller.signIn();
    const made = await seller.post('/api/products', {
      name: 'Bench ticket',
      description: 'A ticket for the benchmark',
      price: '0.01',
      category: 'digital-goods',
      condition: 'new',
      quantity: opts.purchases,
      sellerId: seller.user!.id,
      imageUrl: null,
    });
    const product = made.body as { id: number; price: string; sellerId: number };
    const keypairs = await fundedKeypairs(connection, opts.concurrency);
    const buyers = await Promise.all(
      keypairs.map(async (keypair) => {
        const buyer = new Client(server.url, keypair);
        await buyer.signIn();
        return buyer;
      }),
    );
    let failures = 0;
    const figures = await drive(server.pid, opts.concurrency, opts.purchases, async (worker) => {
      const buyer = buyers[worker]!;
      const tx = await buildTransfer(
        connection,
        buyer.keypair,
        server.escrowWallet,
        solToLamports(product.price),
        { reference: newReferenceKey() },
      );
      const signed = performance.now();
      const signature = await sendAndConfirm(connection, tx);
      const res = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, signature));
      if (res.status !== 201) {
        failures += 1;
        throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return performance.now() - signed;
    });
    const orders = await seller.get(`/api/orders/seller/${seller.user!.id}`);
    const mine = (orders.body as { productId: number; status: string }[]).filter(
      (o) => o.productId === product.id && o.status === 'escrow_held',
    );
    const after = await seller.get(`/api/products/${product.id}`);
    const report = await server.admin.get(
      `/api/admin/reconcile?walletAddress=${server.admin.wallet}`,
    );
    return {
      ...figures,
      failures,
      ordersRecorded: mine.length,
      soldQuantity: (after.body as { soldQuantity?: number }).soldQuantity ?? -1,
      reconcileClean: isClean(report.body),
    };
  } finally {
    closeSocket(connection);
  }
}

/**
 * A reconcile report with nothing to look at: no payment from a marketplace user unmatched, no
 * order without its payment. (Deposits from outside the marketplace, such as the local chain's
 * start-up funding of the escrow wallet for fees, are listed by reconcile but are no order's.)
 */
function isClean(report: unknown): boolean {
  const r = report as {
    unmatchedPayments?: { senderUserId: number | null }[];
    missingPayments?: unknown[];
  };
  return (
    r.unmatchedPayments?.every((p) => p.senderUserId === null) === true &&
    r.missingPayments?.length === 0
  );
}
