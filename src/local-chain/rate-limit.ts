import type { ChainProfile } from './profile';

export interface Refusal {
  message: string;
  retryAfterSeconds: number;
}

interface Window {
  startedAt: number;
  total: number;
  byMethod: Map<string, number>;
}

/**
 * A hosted RPC's quota: fixed windows per client address, a budget for all requests and one per
 * method. Over budget, the rest of the window gets 429s: the bursts a dApp meets on mainnet.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: ChainProfile['rateLimit']) {}

  get enabled(): boolean {
    return this.limits.requests > 0 || this.limits.perMethod > 0;
  }

  /** Counts `methods` (one request, or a batch) for `client`; a refusal when over budget. */
  take(client: string, methods: string[], now = Date.now()): Refusal | null {
    if (!this.enabled) return null;
    let window = this.windows.get(client);
    if (!window || now - window.startedAt >= this.limits.windowMs) {
      window = { startedAt: now, total: 0, byMethod: new Map() };
      this.windows.set(client, window);
      this.forgetOld(now);
    }
    const retryAfterSeconds = Math.ceil((window.startedAt + this.limits.windowMs - now) / 1000);
    const { requests, perMethod } = this.limits;
    if (requests > 0 && window.total + methods.length > requests) {
      return { message: 'Too many requests from your IP', retryAfterSeconds };
    }
    const counts = new Map<string, number>();
    for (const m of methods) counts.set(m, (counts.get(m) ?? window.byMethod.get(m) ?? 0) + 1);
    if (perMethod > 0 && [...counts.values()].some((n) => n > perMethod)) {
      return { message: 'Too many requests for a specific RPC call', retryAfterSeconds };
    }
    window.total += methods.length;
    for (const [m, n] of counts) window.byMethod.set(m, n);
    return null;
  }

  private forgetOld(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= this.limits.windowMs) this.windows.delete(client);
    }
  }
}
