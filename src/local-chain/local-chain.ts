import { join } from 'node:path';
import { genesis, type ChainState } from './chain-state';
import { Faucet } from './faucet';
import { lockFolder } from './folder-lock';
import { Journal, loadState, SLOT_MARK_EVERY } from './journal';
import { Ledger } from './ledger';
import { PerformanceSamples } from './performance-samples';
import { chainProfile, type ChainProfile } from './profile';
import type { NodeAddresses } from './rpc-cluster';
import { chainTime, type ChainTime } from './rpc-local';
import { rpcMethods } from './rpc-methods';
import type { RpcReply } from './rpc-http';
import { startRpcServers } from './rpc-server';
import { Subscriptions } from './subscriptions';

export type { ChainTime } from './rpc-local';

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
  /** A profile or its name (`instant`, `mainnet`); by default LOCAL_CHAIN_PROFILE, else instant. */
  profile?: ChainProfile | string;
  /** Slot length in ms, overriding the profile's. */
  slotMs?: number;
  /** Draws for dropped transactions (tests make them predictable). */
  random?: () => number;
  logger?: LocalChainLogger;
  /** Told the chain's time at every slot and at once after every warp. */
  onClock?: (time: ChainTime) => void;
}

export interface LocalChain {
  rpcUrl: string;
  wsUrl: string;
  profile: ChainProfile;
  /** Sends `lamports` from the faucet to `address` as a real transfer; returns its signature. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** The next `n` requests get `status` (429 by default) instead of an answer. */
  failNext(n: number, status?: number): void;
  /**
   * A JSON-RPC body answered as the HTTP endpoint answers it, without HTTP: for the server the
   * chain is embedded in (its own client name for rate limits, as a real server has its own
   * address).
   */
  rpc(body: string): Promise<RpcReply>;
  /** Current slot (one block per slot). */
  slot(): number;
  /** The chain's clock (warped time included). */
  time(): ChainTime;
  /** Moves the chain's clock forward by `seconds`, durably. */
  warp(seconds: number): Promise<ChainTime>;
  stop(): Promise<void>;
}

/**
 * A local Solana cluster: LiteSVM behind a JSON-RPC + WebSocket server that web3.js and wallet
 * adapters use unmodified. Slots tick on a timer. With `dataDir`, every change is written ahead
 * to a log and fsynced before the chain tells anyone about it, so a crash loses nothing that a
 * client was told.
 */
export async function startLocalChain(opts: LocalChainOptions): Promise<LocalChain> {
  const base = typeof opts.profile === 'object' ? opts.profile : chainProfile(opts.profile);
  const profile = opts.slotMs ? { ...base, slotMs: opts.slotMs } : base;
  const host = opts.host ?? '127.0.0.1';
  const dir = opts.dataDir ? join(opts.dataDir, 'chain') : null;
  const release = dir ? await lockFolder(dir) : null;
  try {
    const state: ChainState = (dir && (await loadState(dir))) || genesis();
    return await run(state, { ...opts, host, dir, profile, release });
  } catch (error) {
    await release?.();
    throw error;
  }
}

async function run(
  state: ChainState,
  opts: LocalChainOptions & {
    host: string;
    dir: string | null;
    profile: ChainProfile;
    release: (() => Promise<void>) | null;
  },
): Promise<LocalChain> {
  const ledger = new Ledger(state, opts.profile, opts.random);
  const snapshot = (): ChainState => ({
    ...state,
    slot: ledger.slot,
    clockOffset: ledger.clock.offsetSeconds,
  });
  const journal = opts.dir ? await Journal.open(opts.dir, snapshot) : null;
  const gate = () => journal?.barrier() ?? null;
  ledger.onTransaction((landed) => journal?.transaction(landed));
  const faucet = new Faucet(ledger, state.faucet);
  const samples = new PerformanceSamples(ledger);
  const node: NodeAddresses = { rpc: null, pubsub: null };
  const warp = (seconds: number) => {
    ledger.warp(seconds);
    journal?.warp(ledger.clock.offsetSeconds);
    opts.onClock?.(chainTime(ledger.clock));
  };
  const methods = rpcMethods({ ledger, faucet, samples, node: () => node, warp });
  const subscriptions = new Subscriptions(ledger, gate);
  const logError = (error: unknown) =>
    opts.logger?.error({ err: error }, 'local chain: could not save its state');

  const ticker = setInterval(() => {
    ledger.tick();
    if (ledger.slot % SLOT_MARK_EVERY === 0) journal?.slot(ledger.slot);
    journal?.maybeCheckpoint()?.catch(logError);
    samples.tick();
    subscriptions.slotTick();
    opts.onClock?.(chainTime(ledger.clock));
  }, opts.profile.slotMs);
  const servers = await startRpcServers({
    port: opts.port,
    host: opts.host,
    methods,
    subscriptions,
    rateLimit: opts.profile.rateLimit,
    gate,
    logger: opts.logger,
  });
  const urlHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  node.rpc = `${urlHost}:${servers.port}`;
  node.pubsub = `${urlHost}:${servers.port + 1}`;
  const rpcUrl = `http://${node.rpc}`;
  opts.logger?.info(
    { rpcUrl, slot: ledger.slot, transactions: state.store.size, profile: opts.profile.name },
    'local chain started',
  );

  return {
    rpcUrl,
    wsUrl: `ws://${node.pubsub}`,
    profile: opts.profile,
    async airdrop(address, lamports) {
      const signature = faucet.airdrop(address, lamports);
      await gate();
      return signature;
    },
    failNext: (n, status = 429) => servers.failNext(n, status),
    rpc: (body) => servers.rpc(body),
    slot: () => ledger.slot,
    time: () => chainTime(ledger.clock),
    async warp(seconds) {
      const time = methods.localchain_warp!([seconds]) as ChainTime;
      await gate();
      return time;
    },
    async stop() {
      clearInterval(ticker);
      await servers.close();
      await journal?.close();
      await opts.release?.();
    },
  };
}
