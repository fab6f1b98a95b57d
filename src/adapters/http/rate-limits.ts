import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientAddressKey } from './client-address';

export type LimitClass = 'challenge' | 'sign_in' | 'order' | 'upload' | 'write';

/** Requests allowed per window: from one client address, and from one wallet. */
export interface Limit {
  perAddress: number;
  perWallet: number;
}

export interface RateLimitSettings {
  windowSeconds: number;
  limits: Record<LimitClass, Limit>;
  /** Bytes of files and photos received a day; DEFAULT_UPLOAD_BYTES unless given. */
  uploadBytes?: Limit;
}

/**
 * Bytes of files and photos a day (`RATE_LIMIT_UPLOAD_MB`). A listing's photos come resized to 800 px,
 * a few hundred kB each; a seller who lists fifty products a day with five photos each sends
 * about 75 MB. Without a budget, one wallet signed in for free could fill the upload store at
 * the request limits' pace (60 bodies of 50 MB a minute).
 */
export const DEFAULT_UPLOAD_BYTES: Limit = {
  perAddress: 2 * 1024 ** 3,
  perWallet: 512 * 1024 ** 2,
};
const DAY_SECONDS = 24 * 3600;

/**
 * Per minute. Far above what a person does and what `make bench` (10 buyers, hundreds of
 * purchases from one address) and the test suites need, far below a flood.
 */
export const DEFAULT_LIMITS: Record<LimitClass, Limit> = {
  challenge: { perAddress: 60, perWallet: 20 },
  sign_in: { perAddress: 60, perWallet: 20 },
  order: { perAddress: 1200, perWallet: 120 },
  upload: { perAddress: 300, perWallet: 60 },
  write: { perAddress: 600, perWallet: 120 },
};

export type MakeLimiter = (opts: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

/**
 * Counters in this process's memory: exact where only one process serves the database (PGlite
 * is locked to one), and free of the database writes a shared counter costs.
 */
export const inMemoryLimiters: MakeLimiter = (opts) => new RateLimiterMemory(opts);

/**
 * Which wallet a request spends a point of: the session's; for sign-in, the wallet it signs in,
 * counted only once it did (a wallet named by anyone could otherwise be locked out by anyone);
 * none for a challenge, which proves nothing about the wallet it names.
 */
type WalletFrom = 'session' | 'signed-in' | 'none';
interface Rule {
  method: string;
  path: RegExp;
  limit: LimitClass;
  wallet: WalletFrom;
}

const pattern = (route: string) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}$`);
/**
 * By method and route pattern; the first that matches counts. Every other API write: `write`.
 */
const RULES: Rule[] = [
  ['POST /api/auth/challenge', 'challenge', 'none'],
  ['POST /api/auth/verify', 'sign_in', 'signed-in'],
  ['POST /api/orders', 'order', 'session'],
  ['POST /api/products', 'upload', 'session'],
  ['PUT /api/products/:id', 'upload', 'session'],
  ['POST /api/orders/:id/tracking', 'upload', 'session'],
  // A message and a dispute may carry files (evidence) as tracking does.
  ['POST /api/orders/:id/messages', 'upload', 'session'],
  ['POST /api/orders/:id/dispute', 'upload', 'session'],
  // Reads, but each signs a fresh close with the arbiter's key (who pays its fee if it is sent).
  ['GET /api/orders/:id/escrow-outcome', 'write', 'session'],
  ['GET /api/payments/:signature/escrow-refund', 'write', 'session'],
].map(([route, limit, wallet]) => {
  const [method, path] = route!.split(' ') as [string, string];
  return { method, path: pattern(path), limit: limit as LimitClass, wallet: wallet as WalletFrom };
});
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const WHAT: Record<LimitClass, string> = {
  challenge: 'Too many sign-in requests',
  sign_in: 'Too many sign-in attempts',
  order: 'Too many orders posted',
  upload: 'Too many uploads',
  write: 'Too many requests',
};

function ruleFor(ctx: Context): Rule | null {
  // The router answers HEAD with the GET's handler: it counts as that GET.
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  const found = RULES.find((r) => r.method === method && r.path.test(ctx.path));
  if (found) return found;
  if (WRITES.has(ctx.method) && ctx.path.startsWith('/api/')) {
    return { method: ctx.method, path: /./, limit: 'write', wallet: 'session' };
  }
  return null;
}

function walletOf(ctx: Context, from: WalletFrom): string | null {
  if (from === 'session') return ctx.state.caller?.walletAddress ?? null;
  if (from === 'none') return null;
  const claimed = (ctx.request.body as { walletAddress?: unknown } | undefined)?.walletAddress;
  return typeof claimed === 'string' && claimed.length <= 64 ? claimed : null;
}

/**
 * Abuse limits, keyed by route: each limited request spends a point from its client address
 * and one from its wallet (the session's, or for sign-in the one it names). Over either, the
 * answer is 429 with `Retry-After`. Mounted after the session and the small JSON bodies are
 * read, before the big bodies (listings, tracking files) are: a refused upload is not read.
 */
export function rateLimits(settings: RateLimitSettings, make: MakeLimiter) {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (limit: LimitClass, by: 'address' | 'wallet') => {
    const key = `${limit}:${by}`;
    let found = limiters.get(key);
    if (!found) {
      const { perAddress, perWallet } = settings.limits[limit];
      found = make({
        keyPrefix: `rl:${key}`,
        points: by === 'address' ? perAddress : perWallet,
        duration: settings.windowSeconds,
      });
      limiters.set(key, found);
    }
    return found;
  };
  const refuse = (ctx: Context, rule: Rule, refusal: unknown) => {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    ctx.status = 429;
    ctx.set('Retry-After', String(seconds));
    ctx.body = { error: `${WHAT[rule.limit]}; please try again in ${seconds} s` };
  };
  return async (ctx: Context, next: Next) => {
    const rule = ruleFor(ctx);
    if (!rule) return next();
    const wallet = walletOf(ctx, rule.wallet);
    const byWallet = limiter(rule.limit, 'wallet');
    try {
      await limiter(rule.limit, 'address').consume(clientAddressKey(ctx.ip));
      if (wallet && rule.wallet === 'session') await byWallet.consume(wallet);
      if (wallet && rule.wallet === 'signed-in') {
        // Spent below, once signed in: here only a wallet with none left is refused.
        const spent = await byWallet.get(wallet);
        if (spent && spent.remainingPoints <= 0) throw spent;
      }
    } catch (refusal) {
      return refuse(ctx, rule, refusal);
    }
    await next();
    if (wallet && rule.wallet === 'signed-in' && ctx.status < 300) {
      await byWallet.consume(wallet).catch((over: unknown) => {
        if (!(over instanceof RateLimiterRes)) throw over;
      });
    }
  };
}

const inWords = (bytes: number) =>
  bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

const inTime = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 90 ? `${minutes} min` : `${Math.ceil(minutes / 60)} h`;
};

/**
 * What files and photos each request received, counted against a day's budget of its wallet and
 * its client address, once the body is read and before anything is stored (the upload gate
 * calls `spend`). Counted in kB (the counters hold 32-bit numbers). The refusal: 429 with
 * `Retry-After`, saying when the budget comes back.
 */
export function uploadBudget(settings: RateLimitSettings, make: MakeLimiter) {
  const budget = settings.uploadBytes ?? DEFAULT_UPLOAD_BYTES;
  const kB = (bytes: number) => Math.ceil(bytes / 1024);
  const byAddress = make({
    keyPrefix: 'rl:upload_bytes:address',
    points: kB(budget.perAddress),
    duration: DAY_SECONDS,
  });
  const byWallet = make({
    keyPrefix: 'rl:upload_bytes:wallet',
    points: kB(budget.perWallet),
    duration: DAY_SECONDS,
  });
  return {
    /** Spends `bytes`; true when within budget, else the answer is set (429) and false. */
    async spend(ctx: Context, wallet: string, bytes: number): Promise<boolean> {
      if (bytes === 0) return true;
      const counters = [
        { limiter: byWallet, key: wallet, most: budget.perWallet, whose: 'this wallet' },
        {
          limiter: byAddress,
          key: clientAddressKey(ctx.ip),
          most: budget.perAddress,
          whose: 'this address',
        },
      ];
      // Each budget is read first and spent only once both hold it: a refused upload is not
      // stored, so it costs nothing (a counter that took it would refuse what still fits).
      for (const { limiter, key, most, whose } of counters) {
        const spent = await limiter.get(key);
        if ((spent?.consumedPoints ?? 0) + kB(bytes) <= kB(most)) continue;
        // Nothing spent yet (one upload over the whole budget): a full day, as a counter would.
        const wait = spent?.msBeforeNext ?? DAY_SECONDS * 1000;
        ctx.status = 429;
        ctx.set('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
        ctx.body = {
          error: `Uploads from ${whose} are over ${inWords(most)} a day; more can be sent in ${inTime(wait)}`,
        };
        return false;
      }
      for (const { limiter, key } of counters) {
        // Two uploads read at once may both pass the check: the later one goes a little over.
        await limiter.consume(key, kB(bytes)).catch((over: unknown) => {
          if (!(over instanceof RateLimiterRes)) throw over;
        });
      }
      return true;
    },
  };
}
