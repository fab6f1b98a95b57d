import path from 'node:path';
import bs58 from 'bs58';
import { z } from 'zod';
import {
  DEFAULT_LIMITS,
  type Limit,
  type LimitClass,
  type RateLimitSettings,
} from './adapters/http/rate-limits';
import { chainProfile, type ChainProfile } from './local-chain/profile';

const base58Address = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

/** One wallet of a list: the bad one is quoted, as the list may hold several. */
const walletInList = z.string().refine(
  (text) => {
    try {
      return bs58.decode(text).length === 32;
    } catch {
      return false;
    }
  },
  { error: (issue) => `"${String(issue.input)}" is not a wallet address (base58, 32 bytes)` },
);

/** One of `values`, said in `said` (e.g. "on or off") with the value given, not zod's list. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, said: string) =>
  z.enum(values, { error: (issue) => `must be ${said}, not "${String(issue.input)}"` });

/** `RATE_LIMIT_<CLASS>=<per address>/<per wallet>`, requests per window. */
const LIMIT_VARIABLES: [string, LimitClass][] = [
  ['RATE_LIMIT_CHALLENGE', 'challenge'],
  ['RATE_LIMIT_SIGN_IN', 'sign_in'],
  ['RATE_LIMIT_ORDER', 'order'],
  ['RATE_LIMIT_UPLOAD', 'upload'],
  ['RATE_LIMIT_WRITE', 'write'],
];
const limitPair = z
  .string()
  .regex(/^\d{1,7}\/\d{1,7}$/, 'must be <per address>/<per wallet>, e.g. 60/20')
  .optional();

/** A whole number from lo to hi, said so when it is not (not "expected number, received NaN"). */
const wholeNumber = (lo: number, hi: number) => {
  const message = `must be a whole number from ${lo} to ${hi}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().min(lo, message).max(hi, message));
};

/** Comma-separated items, trimmed, blanks dropped, each checked by `item`. */
const commaList = (item: z.ZodType<string, string>, normalize = (s: string) => s) =>
  z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((s) => normalize(s.trim()))
        .filter(Boolean),
    )
    .pipe(z.array(item));

const schema = z.object({
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_DIR: z.string().min(1).default('./uploads'),
  UPLOAD_STORE: z.enum(['fs', 'postgres'], { message: 'must be fs or postgres' }).default('fs'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // The RPC is asked over HTTP; its WebSocket URL is derived from it.
  SOLANA_RPC_URL: z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        `must be an http(s) URL such as http://127.0.0.1:8899, not "${String(issue.input)}"`,
    })
    .optional(),
  LOCAL_CHAIN_PORT: wholeNumber(0, 65534).default(8899),
  ESCROW_WALLET: base58Address.optional(),
  ADMIN_WALLETS: commaList(walletInList),
  LOG_LEVEL: oneOf(
    ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
    'one of trace, debug, info, warn, error, fatal, silent',
  ).default('info'),
  SEED: oneOf(['0', '1'], '0 or 1').default('1'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://shop.example' })
    .optional(),
  ALLOWED_HOSTS: commaList(
    z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, {
      error: (issue) =>
        `"${String(issue.input)}" is not a host name: must be host names separated by commas, such as shop.example,www.shop.example (no scheme, no port)`,
    }),
    (host) => host.toLowerCase(),
  ),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|true|false)$/, 'must be false, true, or the number of proxies in front')
    .default('false')
    .transform((text) => (text === 'true' ? 1 : text === 'false' ? 0 : Number(text))),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  RATE_LIMITS: oneOf(['on', 'off'], 'on or off').default('on'),
  RATE_LIMIT_WINDOW: wholeNumber(1, 86_400).default(60),
  EVENT_STREAMS_PER_ADDRESS: wholeNumber(1, 1_000_000).default(20),
  EVENT_ID_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  ...Object.fromEntries(LIMIT_VARIABLES.map(([name]) => [name, limitPair])),
  RATE_LIMIT_UPLOAD_MB: z
    .string()
    .regex(
      /^[1-9]\d{0,5}\/[1-9]\d{0,5}$/,
      'must be <MB per address>/<MB per wallet>, e.g. 2048/512',
    )
    .optional(),
  CHAIN_VERIFY_CONCURRENCY: wholeNumber(1, 10_000).default(32),
  INSPECTION_DAYS: wholeNumber(1, 30).default(7),
  SHIP_GRACE_DAYS: wholeNumber(0, 30).default(7),
  ESCROW_KEYPAIR: z.string().min(1).optional(),
  SETTLE_INTERVAL_SECONDS: wholeNumber(1, 3600).default(20),
  PGLITE_THREAD: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  LOCAL_CHAIN_THREAD: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  DEMO_WALLETS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  ESCROW_MODE: z
    .enum(['wallet', 'multisig'], {
      message: 'must be wallet (one escrow wallet, the default) or multisig (2-of-3 per order)',
    })
    .default('wallet'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  /** Where uploads live: UPLOAD_DIR (fs, the default), or the PostgreSQL database (shared). */
  uploadStore: 'fs' | 'postgres';
  databaseUrl?: string;
  /** Unset: the embedded local chain is started. */
  rpcUrl?: string;
  localChainPort: number;
  /**
   * How the embedded local chain behaves (LOCAL_CHAIN_PROFILE and its LOCAL_CHAIN_* knobs, see
   * src/local-chain/profile.ts for each default's source); unused with SOLANA_RPC_URL.
   */
  localChainProfile: ChainProfile;
  escrowWallet?: string;
  adminWallets: string[];
  logLevel: string;
  seed: boolean;
  publicUrl?: string;
  /** Host names the server answers for besides PUBLIC_URL's, localhost and IP addresses. */
  allowedHosts: string[];
  /** Proxies in front whose X-Forwarded-* headers count; 0 trusts none. */
  trustProxy: number;
  metricsToken?: string;
  /** null: RATE_LIMITS=off. */
  rateLimits: RateLimitSettings | null;
  /** Live update streams one client address may hold open at once; null: RATE_LIMITS=off. */
  eventStreamsPerAddress: number | null;
  /** The secret live update ids are encrypted with, shared by every server; unset: per process. */
  eventIdKey?: string;
  /** Payment checks on chain under way at once in this process. */
  chainChecks: number;
  /** Buyer and seller protection: the inspection period and the shipping grace, in days. */
  inspectionDays: number;
  shipGraceDays: number;
  /** A keypair file for the escrow wallet on a real cluster: then the server settles due payouts. */
  escrowKeypair?: string;
  settleIntervalSeconds: number;
  /** The embedded database on a worker thread of its own (PGLITE_THREAD, default on). */
  pgliteThread: boolean;
  /** The embedded local chain on a worker thread of its own (LOCAL_CHAIN_THREAD, default on). */
  localChainThread: boolean;
  /**
   * The local chain's demo wallets (their keys, the admin's included) offered to browsers on this
   * machine (DEMO_WALLETS, default on).
   */
  demoWallets: boolean;
  /**
   * Where a buyer's payment waits: `wallet`, the escrow wallet (the spec's); `multisig`, a
   * wrapped-SOL token account per order owned by a 2-of-3 SPL Token multisig of buyer, seller and
   * the arbiter (the escrow wallet's key).
   */
  escrowMode: 'wallet' | 'multisig';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; every mistake is named in one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    // A list item's issue names its variable, not zod's path to the item (ADMIN_WALLETS.0).
    const problems = parsed.error.issues.map(({ path: [variable, ...item], message }) =>
      item.length ? `${String(variable)}: ${message}` : `${String(variable)} ${message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.UPLOAD_STORE === 'postgres' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: UPLOAD_STORE postgres needs DATABASE_URL (the embedded database belongs to one process; use fs)',
    );
  }
  let localChainProfile: ChainProfile;
  try {
    localChainProfile = chainProfile(undefined, blankless);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    uploadStore: e.UPLOAD_STORE,
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.SOLANA_RPC_URL,
    localChainPort: e.LOCAL_CHAIN_PORT,
    localChainProfile,
    escrowWallet: e.ESCROW_WALLET,
    adminWallets: e.ADMIN_WALLETS,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === '1',
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    rateLimits: e.RATE_LIMITS === 'off' ? null : rateLimitSettings(e),
    eventStreamsPerAddress: e.RATE_LIMITS === 'off' ? null : e.EVENT_STREAMS_PER_ADDRESS,
    eventIdKey: e.EVENT_ID_KEY,
    chainChecks: e.CHAIN_VERIFY_CONCURRENCY,
    inspectionDays: e.INSPECTION_DAYS,
    shipGraceDays: e.SHIP_GRACE_DAYS,
    escrowKeypair: e.ESCROW_KEYPAIR ? path.resolve(e.ESCROW_KEYPAIR) : undefined,
    settleIntervalSeconds: e.SETTLE_INTERVAL_SECONDS,
    pgliteThread: e.PGLITE_THREAD === 'on',
    localChainThread: e.LOCAL_CHAIN_THREAD === 'on',
    demoWallets: e.DEMO_WALLETS === 'on',
    escrowMode: e.ESCROW_MODE,
  };
}

function rateLimitSettings(e: Record<string, unknown>): RateLimitSettings {
  const limits = { ...DEFAULT_LIMITS };
  for (const [name, limit] of LIMIT_VARIABLES) {
    const pair = e[name];
    if (typeof pair !== 'string') continue;
    limits[limit] = limitOf(pair);
  }
  const megabytes = e.RATE_LIMIT_UPLOAD_MB;
  const uploadBytes = typeof megabytes === 'string' ? limitOf(megabytes, 1024 ** 2) : undefined;
  return { windowSeconds: e.RATE_LIMIT_WINDOW as number, limits, uploadBytes };
}

/** "<per address>/<per wallet>" (validated by the schema), each times `unit`. */
function limitOf(pair: string, unit = 1): Limit {
  const [perAddress, perWallet] = pair.split('/').map((n) => Number(n) * unit) as [number, number];
  return { perAddress, perWallet };
}
