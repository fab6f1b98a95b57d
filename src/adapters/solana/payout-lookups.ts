import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { ChainRpcError } from './chain-rpc-error';
import type { RpcClient } from './rpc-client';
import { statusOf } from './transaction-lookup';

/*
 * What the settlement of payouts asks the chain: where a signature stands, whether a payout's
 * reference key shows up in any transaction, and how high the chain is (a blockhash dies when
 * the block height passes its lastValidBlockHeight).
 */

const referencePage = z.array(z.looseObject({ signature: z.string(), err: z.unknown() }));

const landed = (status: { err?: unknown; confirmationStatus?: string | null }) =>
  status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized';

export async function signatureStatus(
  rpc: RpcClient,
  signature: string,
): Promise<'confirmed' | 'failed' | null> {
  const status = await statusOf(rpc, signature);
  if (!status || !landed(status)) return null;
  return status.err === null || status.err === undefined ? 'confirmed' : 'failed';
}

export async function findReference(
  rpc: RpcClient,
  reference: string,
): Promise<{ signature: string; failed: boolean } | null> {
  const page = referencePage.safeParse(
    await rpc.call('getSignaturesForAddress', [
      reference,
      { limit: 10, commitment: rpc.commitment },
    ]),
  );
  if (!page.success) {
    throw new ChainRpcError('invalid_response', 'getSignaturesForAddress: unexpected answer');
  }
  // A reference is fresh for each payout: every transaction carrying it is that payout.
  const ok = page.data.find((entry) => entry.err === null || entry.err === undefined);
  const any = ok ?? page.data[0];
  return any ? { signature: any.signature, failed: !ok } : null;
}

export async function blockHeight(rpc: RpcClient): Promise<bigint> {
  const height = await rpc.call<number | string>('getBlockHeight', [
    { commitment: rpc.commitment },
  ]);
  if (typeof height !== 'number' && typeof height !== 'string') {
    throw new ChainRpcError('invalid_response', 'getBlockHeight: unexpected answer');
  }
  return BigInt(height);
}

/**
 * A fresh, unguessable reference key: 32 random bytes, an address nobody holds the key of (no
 * key pair is made for it: that costs a curve multiplication and its secret is thrown away).
 */
export const newReference = () => new PublicKey(randomBytes(32)).toBase58();
