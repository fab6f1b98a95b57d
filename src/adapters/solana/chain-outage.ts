import { UnavailableError } from '../../app/errors';
import { ChainRpcError } from './chain-rpc-error';

const RETRY_AFTER_S = { rate_limited: 30, timeout: 10 } as const;

/** What a person is told when the node fails us, by failure. */
function explain(error: ChainRpcError): string {
  switch (error.code) {
    case 'rate_limited':
      return 'The Solana node is rate limiting the marketplace right now';
    case 'timeout':
      return 'The Solana node did not answer in time';
    case 'network':
    case 'http':
      return 'The Solana node cannot be reached';
    default:
      return 'The Solana node gave an answer the marketplace cannot use';
  }
}

/**
 * A node that rate limits us (after our own retries), times out, cannot be reached or answers
 * nonsense is an outage, not a bug: the caller gets a 503 that says so, and may try the same
 * thing again later (a payment signature stays valid).
 */
export function chainOutage(error: unknown): unknown {
  if (!(error instanceof ChainRpcError)) return error;
  const retryAfter = RETRY_AFTER_S[error.code as keyof typeof RETRY_AFTER_S] ?? 5;
  return new UnavailableError(
    'chain',
    `${explain(error)}; nothing was recorded, please try again in ${retryAfter} s`,
    retryAfter,
    { cause: error },
  );
}

/** Runs `work`, turning a ChainRpcError into an UnavailableError on the way out. */
export async function duringOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw chainOutage(error);
  }
}
