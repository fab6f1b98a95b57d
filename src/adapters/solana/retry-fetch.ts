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
 * Runs `attempt` again while it answers HTTP 429: up to 5 attempts with 500, 1000, 2000, 4000 ms
 * between them (spec section 7). The last 429 answer is returned as is when every attempt is
 * refused; `release` lets go of each refused one that is not returned.
 */
export async function retryingOn429<T extends { status: number }>(
  opts: RetryOptions,
  attempt: () => Promise<T>,
  release?: (refused: T) => Promise<unknown>,
): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  const attempts = opts.attempts ?? 5;
  let delay = opts.firstDelayMs ?? 500;
  for (let n = 1; ; n += 1) {
    const answer = await attempt();
    if (answer.status !== 429 || n >= attempts) return answer;
    await release?.(answer).catch(() => undefined);
    opts.onRetry?.();
    opts.logger?.warn(
      { attempt: n, delayMs: delay },
      'Solana RPC rate limited (HTTP 429); retrying',
    );
    await sleep(delay);
    delay *= 2;
  }
}

/**
 * A fetch that retries HTTP 429 answers as `retryingOn429` does.
 * Give it to web3.js as `new Connection(url, { fetch, disableRetryOnRateLimit: true })`.
 */
export function createRetryingFetch(opts: RetryOptions = {}): FetchFn {
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return (input, init) =>
    retryingOn429(
      opts,
      () => doFetch(input, init),
      async (refused) => refused.body?.cancel(),
    );
}
