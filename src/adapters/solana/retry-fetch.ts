export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

export interface RetryLogger {
  warn(obj: object | string, msg?: string): void;
}

export interface RetryOptions {
  fetch?: FetchFn;
  sleep?: Sleep;
  logger?: RetryLogger;
  /** Attempts in all, the first included (spec: 5). */
  attempts?: number;
  /** Delay before the second attempt; doubles after each (spec: 500 ms). */
  firstDelayMs?: number;
  /** Told of every 429 that is retried (metrics). */
  onRetry?: () => void;
}

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries HTTP 429 answers: up to 5 attempts with 500, 1000, 2000, 4000 ms between
 * them (spec section 7). The last 429 response is returned as is when every attempt is refused.
 * Give it to web3.js as `new Connection(url, { fetch, disableRetryOnRateLimit: true })`.
 */
export function createRetryingFetch(opts: RetryOptions = {}): FetchFn {
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = opts.sleep ?? realSleep;
  const attempts = opts.attempts ?? 5;
  const firstDelay = opts.firstDelayMs ?? 500;
  return async (input, init) => {
    let delay = firstDelay;
    for (let attempt = 1; ; attempt += 1) {
      const response = await doFetch(input, init);
      if (response.status !== 429 || attempt >= attempts) return response;
      await response.body?.cancel().catch(() => undefined);
      opts.onRetry?.();
      opts.logger?.warn(
        { attempt, delayMs: delay },
        'Solana RPC rate limited (HTTP 429); retrying',
      );
      await sleep(delay);
      delay *= 2;
    }
  };
}
