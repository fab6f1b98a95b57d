import type { ChainTime } from './rpc-local';

export type { ChainTime } from './rpc-local';

/**
 * Why a time call failed: not a local chain (a real cluster), no Solana node at all (another
 * server answered), unreachable, or refused.
 */
export class ChainTimeError extends Error {
  constructor(
    readonly kind: 'not_local' | 'not_chain' | 'unreachable' | 'refused',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ChainTimeError';
  }
}

async function call(rpcUrl: string, method: string, params: unknown[]): Promise<ChainTime> {
  let body: { result?: ChainTime; error?: { code: number; message: string } };
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new ChainTimeError('unreachable', `could not reach ${rpcUrl}`, { cause: error });
  }
  if (body.error?.code === -32601) {
    throw new ChainTimeError('not_local', `${rpcUrl} is not a local chain: its clock cannot move`);
  }
  if ((body as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
    // A JSON answer that is no JSON-RPC one ({ "error": "Not found" }): another kind of server.
    throw new ChainTimeError(
      'not_chain',
      `${rpcUrl} is no Solana node (it does not answer JSON-RPC): is it the marketplace's address, not the chain's?`,
    );
  }
  if (body.error || !body.result) {
    throw new ChainTimeError('refused', body.error?.message ?? `${rpcUrl} gave no answer`);
  }
  return body.result;
}

/**
 * The local chain's clock over JSON-RPC (`localchain_time`): its unix time with every warp
 * included. A real cluster has no such method: that is ChainTimeError 'not_local'.
 */
export const readChainTime = (rpcUrl: string) => call(rpcUrl, 'localchain_time', []);

/** Moves the local chain's clock forward by `seconds` (`localchain_warp`). */
export const warpChain = (rpcUrl: string, seconds: number) =>
  call(rpcUrl, 'localchain_warp', [seconds]);
