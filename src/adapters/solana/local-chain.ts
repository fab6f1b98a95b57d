import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import {
  serialize,
  genesis,
  loadState,
  saveState,
  type ChainState,
} from './local-chain/chain-state';
import { Faucet } from './local-chain/faucet';
import { Ledger } from './local-chain/ledger';
import { rpcMethods } from './local-chain/rpc-methods';
import { startRpcServers } from './local-chain/rpc-server';
import { Subscriptions } from './local-chain/subscriptions';

export interface LocalChainLogger {
  info(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface LocalChainOptions {
  /** HTTP JSON-RPC port; WebSocket is port + 1. 0 picks a free pair. */
  port: number;
  host?: string;
  /** State is kept in `${dataDir}/chain`; without it the chain lives in memory only. */
  dataDir?: string;
  /** Slot length in ms (400 like a real cluster). */
  slotMs?: number;
  /** Quiet period after a transaction before the state is saved. */
  saveDebounceMs?: number;
  logger?: LocalChainLogger;
  /** How long to wait for another process's lock on `dataDir` (a crashed one's goes stale in 10 s). */
  lockWaitMs?: number;
}

export interface LocalChain {
  rpcUrl: string;
  wsUrl: string;
  /** Sends `lamports` from the faucet to `address` as a real transfer; returns its signature. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** The next `n` HTTP requests get `status` (429 by default) instead of an answer. */
  failNext(n: number, status?: number): void;
  /** Current slot (one block per slot). */
  slot(): number;
  stop(): Promise<void>;
}

/**
 * A local Solana cluster: LiteSVM behind a JSON-RPC + WebSocket server that web3.js and wallet
 * adapters use unmodified. Slots tick on a timer; state survives restarts when `dataDir` is set.
 */
export async function startLocalChain(opts: LocalChainOptions): Promise<LocalChain> {
  const host = opts.host ?? '127.0.0.1';
  const dir = opts.dataDir ? join(opts.dataDir, 'chain') : null;
  const release = dir ? await lockDataDir(dir, opts.lockWaitMs ?? 12_000, opts.logger) : null;
  const state: ChainState = (dir && (await loadState(dir))) || genesis();
  const ledger = new Ledger(state);
  const faucet = new Faucet(ledger, state.faucet);
  const methods = rpcMethods(ledger, faucet);
  const subscriptions = new Subscriptions(ledger, methods);

  let saving: Promise<void> = Promise.resolve();
  let saveTimer: NodeJS.Timeout | null = null;
  const save = () => {
    saveTimer = null;
    if (!dir) return saving;
    const bytes = serialize({ ...state, slot: ledger.slot });
    saving = saving
      .then(() => saveState(dir, bytes))
      .catch((error) => opts.logger?.error({ err: error }, 'local chain: could not save state'));
    return saving;
  };
  ledger.onTransaction(() => {
    saveTimer ??= setTimeout(save, opts.saveDebounceMs ?? 200);
  });
  if (dir) await save();

  const ticker = setInterval(() => {
    ledger.tick();
    subscriptions.slotTick();
  }, opts.slotMs ?? 400);
  const servers = await startRpcServers({
    port: opts.port,
    host,
    methods,
    subscriptions,
    logger: opts.logger,
  });
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const rpcUrl = `http://${urlHost}:${servers.port}`;
  opts.logger?.info(
    { rpcUrl, slot: ledger.slot, transactions: state.store.size },
    'local chain started',
  );

  return {
    rpcUrl,
    wsUrl: `ws://${urlHost}:${servers.port + 1}`,
    airdrop: async (address, lamports) => faucet.airdrop(address, lamports),
    failNext: (n, status = 429) => servers.failNext(n, status),
    slot: () => ledger.slot,
    async stop() {
      clearInterval(ticker);
      if (saveTimer) clearTimeout(saveTimer);
      await servers.close();
      await save();
      await release?.();
    },
  };
}

/** One process per chain folder: a second writer would silently lose the first one's state. */
async function lockDataDir(
  dir: string,
  waitMs: number,
  logger?: LocalChainLogger,
): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  try {
    return await lock(dir, {
      realpath: false,
      lockfilePath: join(dir, 'lock'),
      retries: { retries: Math.ceil(waitMs / 1000), minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: (error) =>
        logger?.error({ err: error }, 'local chain: lost the data folder lock'),
    });
  } catch (error) {
    throw new Error(`The chain data folder ${dir} is in use by another process`, { cause: error });
  }
}
