/** A JSON-RPC error answered to the client, with a real node's code and wording. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, message);

export const SEND_PREFLIGHT_FAILURE = -32002;
export const SIGNATURE_VERIFICATION_FAILURE = -32003;
export const UNSUPPORTED_TRANSACTION_VERSION = -32015;
export const BLOCK_NOT_AVAILABLE = -32004;
export const MIN_CONTEXT_SLOT_NOT_REACHED = -32016;
export const methodNotFound = () => new RpcError(-32601, 'Method not found');
