import {
  createRpcClient,
  type RpcClient,
  type RpcClientOptions,
} from '@src/adapters/solana/rpc-client';

/** A real RPC client that records the method of every call it makes (retries not counted). */
export function countingRpc(opts: RpcClientOptions): RpcClient & { calls: string[] } {
  const rpc = createRpcClient(opts);
  const calls: string[] = [];
  return {
    url: rpc.url,
    commitment: rpc.commitment,
    calls,
    call: <T>(method: string, params?: unknown[]) => {
      calls.push(method);
      return rpc.call<T>(method, params);
    },
  };
}
