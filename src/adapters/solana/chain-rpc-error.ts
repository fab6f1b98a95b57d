export type ChainRpcErrorCode =
  'rate_limited' | 'http' | 'rpc' | 'timeout' | 'network' | 'invalid_response' | 'expired';

/** An infrastructure failure talking to the Solana node (not a business outcome). */
export class ChainRpcError extends Error {
  constructor(
    readonly code: ChainRpcErrorCode,
    message: string,
    readonly details: { status?: number; rpcCode?: number; data?: unknown; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ChainRpcError';
  }
}
