import { z } from 'zod';
import { ChainRpcError } from './chain-rpc-error';
import { readTransfers, type ParsedTransfers } from './parsed-transaction';
import type { Sleep } from './retry-fetch';
import type { RpcClient } from './rpc-client';

const statusAnswer = z.object({
  value: z.array(
    z
      .looseObject({
        err: z.unknown().optional(),
        confirmationStatus: z.string().nullable().optional(),
        confirmations: z.number().nullable().optional(),
      })
      .nullable(),
  ),
});

export interface LookupOptions {
  rpc: RpcClient;
  sleep: Sleep;
  /** How long a known transaction is waited for to reach `confirmed` (and to be served). */
  waitMs: number;
  pollMs: number;
}

export type Lookup =
  | { found: 'unknown' }
  | { found: 'failed' }
  | { found: 'unconfirmed' }
  | { found: 'transaction'; tx: ParsedTransfers };

type Status = NonNullable<z.infer<typeof statusAnswer>['value'][number]>;

const confirmed = (s: Status) =>
  s.confirmationStatus === 'confirmed' ||
  s.confirmationStatus === 'finalized' ||
  (s.confirmationStatus == null && s.confirmations === null);

export async function statusOf(rpc: RpcClient, signature: string): Promise<Status | null> {
  const answer = statusAnswer.safeParse(
    await rpc.call('getSignatureStatuses', [[signature], { searchTransactionHistory: true }]),
  );
  if (!answer.success || answer.data.value.length !== 1)
    throw new ChainRpcError('invalid_response', 'getSignatureStatuses: unexpected answer');
  return answer.data.value[0]!;
}

/** getTransaction at the client's commitment, read into its transfers; null when not served. */
export async function fetchTransaction(
  rpc: RpcClient,
  signature: string,
): Promise<ParsedTransfers | null> {
  const answer = await rpc.call('getTransaction', [
    signature,
    { encoding: 'jsonParsed', commitment: rpc.commitment, maxSupportedTransactionVersion: 0 },
  ]);
  return answer === null ? null : readTransfers(answer);
}

/**
 * Finds a transaction by signature, asking the cheap question first: a signature the node has
 * never seen is answered after one call, and only a known one is waited for. A confirmed
 * payment costs two calls (its status, then the transaction).
 */
export async function lookUpTransaction(signature: string, o: LookupOptions): Promise<Lookup> {
  let status = await statusOf(o.rpc, signature);
  if (!status) return { found: 'unknown' };
  let waited = 0;
  while (!confirmed(status) && status.err == null && waited < o.waitMs) {
    await o.sleep(o.pollMs);
    waited += o.pollMs;
    status = (await statusOf(o.rpc, signature)) ?? status;
  }
  if (status.err != null) return { found: 'failed' };
  if (!confirmed(status)) return { found: 'unconfirmed' };
  for (;;) {
    const tx = await fetchTransaction(o.rpc, signature);
    if (tx) return { found: 'transaction', tx };
    // A node behind a load balancer may know the status before it serves the transaction.
    if (waited >= o.waitMs) return { found: 'unconfirmed' };
    await o.sleep(o.pollMs);
    waited += o.pollMs;
  }
}
