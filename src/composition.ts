import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { makeUseCases } from './app/use-cases';
import { createKnex } from './adapters/db/knex-factory';
import { createStore } from './adapters/db/knex-store';
import { migrateLatest } from './adapters/db/migrations';
import { createServer } from './adapters/http/server';
import type { LocalChain } from './adapters/solana/local-chain';
import { createRpcClient } from './adapters/solana/rpc-client';
import { SolanaChain } from './adapters/solana/solana-chain';
import { walletSignatures } from './adapters/solana/wallet-signatures';
import { FsUploadStore, resolveUpload } from './adapters/uploads/fs-upload-store';
import { ConfigError, type Config } from './config';
import { startLocalDemo, type LocalDemo } from './local-demo';

export interface Marketplace {
  url: string;
  rpcUrl: string;
  cluster: string;
  escrowWallet: string;
  dataDir: string;
  /** Only on the embedded local chain. */
  localChain?: LocalChain;
  escrowKeypairPath?: string;
  close(): Promise<void>;
}

/** The cluster a URL names, for explorer links and the sign-in message. */
export function clusterOf(rpcUrl: string): string {
  if (/devnet/.test(rpcUrl)) return 'devnet';
  if (/testnet/.test(rpcUrl)) return 'testnet';
  if (/mainnet/.test(rpcUrl)) return 'mainnet-beta';
  return 'custom';
}

export const WEB_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'web');

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', '*.buyerEmail', '*.buyerAddress', '*.buyerName'],
  });
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
    const knex = await createKnex({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    closers.push(() => knex.destroy());
    await migrateLatest(knex);

    let demo: LocalDemo | undefined;
    if (!config.rpcUrl) {
      demo = await startLocalDemo({ dataDir: config.dataDir, port: config.localChainPort, logger });
      closers.push(() => demo!.chain.stop());
    }
    const rpcUrl = config.rpcUrl ?? demo!.chain.rpcUrl;
    const cluster = demo ? 'localnet' : clusterOf(rpcUrl);
    const escrowWallet = config.escrowWallet ?? demo?.escrow.publicKey.toBase58();
    if (!escrowWallet)
      throw new ConfigError('ESCROW_WALLET is required when SOLANA_RPC_URL is set');
    const admins = config.adminWallets.length ? config.adminWallets : [escrowWallet];

    const app = makeUseCases({
      store: createStore(knex),
      chain: new SolanaChain({ rpc: createRpcClient({ url: rpcUrl, logger }) }),
      uploads: new FsUploadStore({ dir: config.uploadDir }),
      signatures: walletSignatures,
      clock: { now: () => new Date() },
      logger,
      escrowWallet,
      adminWallets: new Set(admins),
      cluster,
    });
    const koa = createServer({
      app,
      logger,
      chain: { cluster, rpcUrl, escrowWallet },
      resolveUpload: (name) => resolveUpload(config.uploadDir, name),
      devWallets: demo?.devWallets,
      webDir: existsSync(path.join(WEB_DIR, 'index.html')) ? WEB_DIR : undefined,
    });
    const server = koa.listen(config.port, config.host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const { port } = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    return {
      url: `http://${host}:${port}`,
      rpcUrl,
      cluster,
      escrowWallet,
      dataDir: config.dataDir,
      localChain: demo?.chain,
      escrowKeypairPath: demo?.escrowKeypairPath,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
