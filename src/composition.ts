import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pretty from 'pino-pretty';
import pino, { type Logger } from 'pino';
import { makeUseCases } from './app/use-cases';
import { createKnex } from './adapters/db/knex-factory';
import { countOrdersByStatus } from './adapters/db/knex-order-stats';
import { knexRateLimiters } from './adapters/db/knex-rate-limiter';
import { createStore } from './adapters/db/knex-store';
import { createEventFeed } from './adapters/db/event-feed';
import { migrateLatest } from './adapters/db/migrations';
import { inMemoryLimiters } from './adapters/http/rate-limits';
import { createServer } from './adapters/http/server';
import { listen } from './adapters/http/connections';
import type { LocalChain } from './local-chain/local-chain';
import { createRpcClient, type RpcTransport } from './adapters/solana/rpc-client';
import type { FetchFn } from './adapters/solana/retry-fetch';
import { SolanaChain } from './adapters/solana/solana-chain';
import { createConnection } from './adapters/solana/connection';
import { KeypairEscrowPayer } from './adapters/solana/escrow-payer';
import { KeypairEscrowCosigner } from './adapters/solana/escrow-multisig';
import { loadKeypair } from './adapters/solana/keypair-file';
import { startSettlementRunner } from './settlement-runner';
import { watchDependencies } from './dependency-watch';
import { walletSignatures } from './adapters/solana/wallet-signatures';
import { FsUploadStore } from './adapters/uploads/fs-upload-store';
import { PgUploadStore } from './adapters/uploads/pg-upload-store';
import { ConfigError, type Config } from './config';
import type { LocalDemo } from './local-demo';
import { createObservability } from './observability';

export interface Marketplace {
  url: string;
  rpcUrl: string;
  cluster: string;
  escrowWallet: string;
  dataDir: string;
  /** Only on the embedded local chain. */
  localChain?: LocalChain;
  escrowKeypairPath?: string;
  /** Whether the web app is served: dist/web was built (`make build-web`); else the API alone. */
  webApp: boolean;
  close(): Promise<void>;
}

/** JSON-RPC that the embedded chain answers in this process (or its thread), as text. */
function inProcessTransport(chain: LocalChain): RpcTransport {
  return async (body) => {
    const reply = await chain.rpc(body);
    return { status: reply.status, text: reply.body };
  };
}

/** The same for web3.js, which asks a fetch. */
function inProcessFetch(chain: LocalChain): FetchFn {
  return async (_input, init) => {
    const reply = await chain.rpc(typeof init?.body === 'string' ? init.body : '');
    return new Response(reply.body, {
      status: reply.status,
      headers: { 'content-type': reply.type, ...reply.headers },
    });
  };
}

const withoutQuery = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname === '/' ? '' : u.pathname}`;
};

/** The cluster a URL names, for explorer links and the sign-in message. */
export function clusterOf(rpcUrl: string): string {
  if (/devnet/.test(rpcUrl)) return 'devnet';
  if (/testnet/.test(rpcUrl)) return 'testnet';
  if (/mainnet/.test(rpcUrl)) return 'mainnet-beta';
  return 'custom';
}

export const WEB_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'web');

/**
 * The server's log: JSON lines on stdout, for a log collector; in a terminal (`make start` by
 * hand) one readable line each, with the clock time, the same fields after it.
 */
export function createLogger(level: string, terminal = process.stdout.isTTY): Logger {
  const options = {
    level,
    redact: ['req.headers.cookie', '*.buyerEmail', '*.buyerAddress', '*.buyerName'],
  };
  if (!terminal) return pino(options);
  const readable = pretty({
    destination: 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return pino(options, readable);
}

/** The composition root: builds every adapter, hands them to the use cases, listens. */
export async function startMarketplace(
  config: Config,
  opts: { logger?: Logger } = {},
): Promise<Marketplace> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  await mkdir(config.dataDir, { recursive: true });
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
  };
  try {
    const knex = await createKnex({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      thread: config.pgliteThread,
      logger,
    });
    closers.push(() => knex.destroy());
    await migrateLatest(knex);

    let demo: LocalDemo | undefined;
    if (!config.rpcUrl) {
      // The local chain (LiteSVM, web3.js) loads only when it is used.
      const { startLocalDemo } = await import('./local-demo');
      demo = await startLocalDemo({
        dataDir: config.dataDir,
        port: config.localChainPort,
        logger,
        profile: config.localChainProfile,
        thread: config.localChainThread,
      });
      closers.push(() => demo!.chain.stop());
    }
    const rpcUrl = config.rpcUrl ?? demo!.chain.rpcUrl;
    const cluster = demo ? 'localnet' : clusterOf(rpcUrl);
    const escrowWallet = config.escrowWallet ?? demo?.escrow.publicKey.toBase58();
    if (!escrowWallet)
      throw new ConfigError('ESCROW_WALLET is required when SOLANA_RPC_URL is set');
    const admins = config.adminWallets.length ? config.adminWallets : [escrowWallet];

    // PGlite's folder is locked to this process: nothing else writes its sessions.
    const store = createStore(knex, { soleWriter: !config.databaseUrl });
    const uploads =
      config.uploadStore === 'postgres'
        ? new PgUploadStore(knex)
        : new FsUploadStore({ dir: config.uploadDir });
    // The gauges read the chain only at scrape time, long after `chain` exists.
    const observe = createObservability({
      ordersByStatus: () => countOrdersByStatus(knex),
      escrowBalance: () => chain.balance(escrowWallet),
    });
    // Embedded: the server asks its own chain without HTTP (same answers, faults and limits).
    const fetch = demo ? inProcessFetch(demo.chain) : undefined;
    const transport = demo ? inProcessTransport(demo.chain) : undefined;
    const rpc = createRpcClient({ url: rpcUrl, logger, transport, ...observe.chain });
    const chain = new SolanaChain({
      rpc,
      verifications: { perWallet: 2, overall: config.chainChecks },
    });
    // Embedded: the server's clock follows the local chain's (time travel for demos and tests).
    const clock = demo
      ? { now: () => new Date(Date.now() + demo!.chain.time().offsetSeconds * 1000) }
      : { now: () => new Date() };
    const escrowKey = demo?.escrow ?? (await escrowKeypair(config, escrowWallet));
    const app = makeUseCases({
      store,
      chain,
      uploads,
      signatures: walletSignatures,
      clock,
      policy: { inspectionDays: config.inspectionDays, shipGraceDays: config.shipGraceDays },
      payer: escrowKey
        ? new KeypairEscrowPayer(createConnection(rpcUrl, { logger, fetch }), escrowKey)
        : undefined,
      logger,
      escrowWallet,
      escrowVerifier: config.escrowMode === 'multisig' ? chain : undefined,
      cosigner:
        config.escrowMode === 'multisig' && escrowKey
          ? new KeypairEscrowCosigner(createConnection(rpcUrl, { logger, fetch }), escrowKey, chain)
          : undefined,
      adminWallets: new Set(admins),
      cluster,
    });
    // One warn line when the listener fails, one info line when it listens again; its retries
    // in between (every 1 to 30 s) go to debug, as the database's own outage is said once.
    let listenerFailing = false;
    const events = createEventFeed(knex, {
      databaseUrl: config.databaseUrl,
      onError: (error) => {
        if (listenerFailing) return logger.debug({ err: error }, 'live updates: still failing');
        listenerFailing = true;
        logger.warn({ err: error }, 'live updates: the event listener failed; it retries');
      },
      onListening: () => {
        if (!listenerFailing) return;
        listenerFailing = false;
        logger.info('live updates: the event listener listens again');
      },
    });
    closers.push(() => events.close());
    // What GET /api/health/ready asks, and what the log watches.
    const dependencies = { database: () => store.ping(), chain: () => rpc.call('getHealth') };
    const webApp = existsSync(path.join(WEB_DIR, 'index.html'));
    const koa = createServer({
      app,
      events,
      logger,
      chain: { cluster, rpcUrl, escrowWallet, escrowMode: config.escrowMode },
      resolveUpload: (name) => uploads.resolve(name),
      devWallets: config.demoWallets ? demo?.devWallets : undefined,
      webDir: webApp ? WEB_DIR : undefined,
      publicUrl: config.publicUrl,
      allowedHosts: config.allowedHosts,
      trustProxy: config.trustProxy,
      rateLimits: config.rateLimits
        ? {
            settings: config.rateLimits,
            // Several processes share a PostgreSQL server; PGlite is one process's alone.
            make: config.databaseUrl ? knexRateLimiters(knex) : inMemoryLimiters,
          }
        : undefined,
      eventStreamsPerAddress: config.eventStreamsPerAddress ?? undefined,
      eventIdKey: config.eventIdKey,
      metrics: { registry: observe.registry, token: config.metricsToken },
      readiness: dependencies,
    });
    closers.push(startHousekeeping(app, logger));
    const watch = watchDependencies(
      dependencies,
      // Origin and path only: a provider's API key often rides in the query.
      { database: 'The database', chain: `The Solana node at ${withoutQuery(rpcUrl)}` },
      logger,
    );
    closers.push(async () => watch.stop());
    if (app.payouts.settle) {
      const runner = startSettlementRunner(
        app.payouts.settle,
        logger,
        config.settleIntervalSeconds * 1000,
      );
      closers.push(() => runner.stop());
    }
    const server = await listen(koa, config.port, config.host);
    closers.push(
      () =>
        new Promise((resolve) => {
          // Requests under way get 2 s to finish; event streams never end on their own.
          server.close(resolve);
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2000).unref();
        }),
    );
    const { port } = server.address() as AddressInfo;
    // Listening on every address: this machine's own. An IPv6 address is written in brackets.
    const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      rpcUrl,
      cluster,
      escrowWallet,
      dataDir: config.dataDir,
      localChain: demo?.chain,
      escrowKeypairPath: demo?.escrowKeypairPath,
      webApp,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * On a real cluster the server pays due payouts itself only with ESCROW_KEYPAIR, which must be
 * the escrow wallet's key; without it, `marketplace admin settle` (or an admin) pays them.
 */
async function escrowKeypair(config: Config, escrowWallet: string) {
  if (!config.escrowKeypair) return undefined;
  const keypair = await loadKeypair(config.escrowKeypair).catch((error: Error) => {
    throw new ConfigError(`ESCROW_KEYPAIR: ${error.message}`);
  });
  if (keypair.publicKey.toBase58() !== escrowWallet) {
    throw new ConfigError(
      `ESCROW_KEYPAIR holds the key of ${keypair.publicKey.toBase58()}, not of the escrow wallet ${escrowWallet}`,
    );
  }
  return keypair;
}

/** Every hour: forget events older than a day (a reconnecting client never needs that far). */
function startHousekeeping(app: ReturnType<typeof makeUseCases>, logger: Logger) {
  const prune = () =>
    app.events
      .prune(new Date(Date.now() - 24 * 60 * 60 * 1000))
      .catch((error: unknown) => logger.warn({ err: error }, 'could not prune old events'));
  const timer = setInterval(prune, 60 * 60 * 1000);
  timer.unref();
  return async () => clearInterval(timer);
}
