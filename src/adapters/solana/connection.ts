import { Connection } from '@solana/web3.js';
import { confirmTimeoutMs, type Commitment } from './rpc-client';
import { createRetryingFetch, type RetryOptions } from './retry-fetch';

/**
 * A web3.js Connection with the same behaviour as our RPC client: `confirmed` commitment, HTTP
 * 429 retried 5 times with a doubling 500 ms delay (web3.js's own retry turned off), and the
 * spec's confirmation timeout.
 */
export function createConnection(
  url: string,
  opts: RetryOptions & { commitment?: Commitment; wsEndpoint?: string } = {},
): Connection {
  const commitment = opts.commitment ?? 'confirmed';
  return new Connection(url, {
    commitment,
    wsEndpoint: opts.wsEndpoint,
    fetch: createRetryingFetch(opts),
    disableRetryOnRateLimit: true,
    confirmTransactionInitialTimeout: confirmTimeoutMs(commitment),
  });
}
