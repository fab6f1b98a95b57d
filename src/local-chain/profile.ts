/**
 * How the local chain behaves in time and under load. `instant` is the development default
 * (everything lands and confirms at once); `mainnet` imitates mainnet-beta on a bad day.
 */
export interface ChainProfile {
  name: string;
  /** Slot length. Mainnet targets 400 ms (Solana docs, "Slots": ~2.5 slots a second). */
  slotMs: number;
  /**
   * Slots between landing and `confirmed`, least and most (each slot draws one). Optimistic
   * confirmation needs 2/3 of stake to vote on the block, and votes land in the following
   * slot or two (Solana docs, "Transaction confirmation & expiration").
   */
  confirmSlots: [number, number];
  /** Slots until `finalized`: 31 confirmed blocks on top, so 32 (Solana docs, commitment levels). */
  finalitySlots: number;
  /** How long a blockhash stays usable: 150 blocks (Solana docs, MAX_PROCESSING_AGE). */
  blockhashSlots: number;
  /**
   * Share of accepted transactions that never land. There is no single public figure for drops
   * alone: Helius (May 2024, "How to land transactions") and the Solana Cookbook ("Retrying
   * transactions") describe RPC nodes failing to forward under congestion; 2025 reports put
   * network-wide failure at 20-45 % including on-chain failures. 10 % is a moderate bad day.
   */
  dropRate: number;
  /**
   * Slots getTransaction lags behind a `confirmed` status: a node writes transaction details to
   * its blockstore after it reports the status (no published figure; 2 slots, about 0.8 s).
   */
  txLagSlots: number;
  /**
   * HTTP 429s: requests per window per client address, and per method. The public endpoint
   * api.mainnet-beta.solana.com allows 100 requests per 10 s per IP, 40 per 10 s for one
   * method (Solana docs, "Clusters"); 0 turns a limit off.
   */
  rateLimit: { requests: number; perMethod: number; windowMs: number };
}

export const PROFILES: Record<string, ChainProfile> = {
  instant: {
    name: 'instant',
    slotMs: 400,
    confirmSlots: [0, 0],
    finalitySlots: 32,
    blockhashSlots: 150,
    dropRate: 0,
    txLagSlots: 0,
    rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
  },
  mainnet: {
    name: 'mainnet',
    slotMs: 400,
    confirmSlots: [1, 2],
    finalitySlots: 32,
    blockhashSlots: 150,
    dropRate: 0.1,
    txLagSlots: 2,
    rateLimit: { requests: 100, perMethod: 40, windowMs: 10_000 },
  },
};

type Env = Record<string, string | undefined>;

function count(env: Env, name: string, fallback: number, min = 0): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not "${text}"`);
  }
  return Number(text);
}

function share(env: Env, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value > 1) {
    throw new Error(`${name} must be a share from 0 to 1 (like 0.1), not "${text}"`);
  }
  return value;
}

function range(env: Env, name: string, fallback: [number, number]): [number, number] {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  const low = Number(match?.[1]);
  const high = Number(match?.[2] ?? match?.[1]);
  if (!match || high < low) {
    throw new Error(`${name} must be a number of slots or a range like 1-2, not "${text}"`);
  }
  return [low, high];
}

/**
 * The profile named by `name` (else LOCAL_CHAIN_PROFILE, else `instant`), each knob overridable
 * by its own LOCAL_CHAIN_* variable. A wrong value throws one clear message.
 */
export function chainProfile(name?: string, env: Env = process.env): ChainProfile {
  const chosen = name ?? (env.LOCAL_CHAIN_PROFILE || 'instant');
  const base = PROFILES[chosen];
  if (!base) {
    throw new Error(
      `Unknown local chain profile "${chosen}" (choose ${Object.keys(PROFILES).join(' or ')})`,
    );
  }
  return {
    name: chosen,
    slotMs: count(env, 'LOCAL_CHAIN_SLOT_MS', base.slotMs, 1),
    confirmSlots: range(env, 'LOCAL_CHAIN_CONFIRM_SLOTS', base.confirmSlots),
    finalitySlots: count(env, 'LOCAL_CHAIN_FINALITY_SLOTS', base.finalitySlots, 1),
    blockhashSlots: count(env, 'LOCAL_CHAIN_BLOCKHASH_SLOTS', base.blockhashSlots, 1),
    dropRate: share(env, 'LOCAL_CHAIN_DROP_RATE', base.dropRate),
    txLagSlots: count(env, 'LOCAL_CHAIN_TX_LAG_SLOTS', base.txLagSlots),
    rateLimit: {
      requests: count(env, 'LOCAL_CHAIN_RATE_LIMIT', base.rateLimit.requests),
      perMethod: count(env, 'LOCAL_CHAIN_RATE_LIMIT_METHOD', base.rateLimit.perMethod),
      windowMs: count(env, 'LOCAL_CHAIN_RATE_WINDOW_MS', base.rateLimit.windowMs, 1),
    },
  };
}
