import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { ChainRpcError } from './chain-rpc-error';
import type { RpcClient } from './rpc-client';
import { fetchTransaction, statusOf } from './transaction-lookup';

/*
 * What the settlement of payouts asks the chain: where a signature stands, whether a payout's
 * reference key shows up in any transaction, and how high the chain is (a blockhash dies when
 * the block height passes its lastValidBlockHeight).
 */

const referencePage = z.array(z.looseObject({ signature: z.string() }));

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

/** How many transactions carrying a reference are read, oldest first, to find the payout's. */
const REFERENCE_CANDIDATES = 20;
/** Pages of history walked to reach the oldest: beyond, the chain is not read for a decision. */
const REFERENCE_PAGES = 10;
const PAGE = 1000;

/** The oldest transactions that carry `reference`, oldest first (at most `count`). */
async function oldestCarrying(rpc: RpcClient, reference: string, count: number) {
  let before: string | undefined;
  for (let pages = 0; pages < REFERENCE_PAGES; pages += 1) {
    const page = referencePage.safeParse(
      await rpc.call('getSignaturesForAddress', [
        reference,
        { limit: PAGE, commitment: rpc.commitment, ...(before ? { before } : {}) },
      ]),
    );
    if (!page.success) {
      throw new ChainRpcError('invalid_response', 'getSignaturesForAddress: unexpected answer');
    }
    // Newest first: a page shorter than asked holds the oldest.
    if (page.data.length < PAGE) return page.data.slice(-count).reverse();
    before = page.data.at(-1)!.signature;
  }
  // Someone put the reference in more transactions than are read: deciding without the oldest
  // could abandon a payout that landed (and pay it again), so nothing is decided.
  throw new ChainRpcError(
    'invalid_response',
    `More than ${REFERENCE_PAGES * PAGE} transactions carry the payout reference ${reference}; look at it by hand`,
  );
}

/**
 * The payout that carries `reference`: a transaction `signer` (the escrow wallet) signed. The
 * reference is public once the payout is on chain, and anyone may then put it in a transaction
 * of their own: those are passed over. The payout's own is the oldest (nobody knew the reference
 * before it), so the oldest few are read; one that landed is preferred over one that failed.
 */
export async function findReference(
  rpc: RpcClient,
  reference: string,
  signer: string,
): Promise<{ signature: string; failed: boolean } | null> {
  let failed: string | null = null;
  for (const entry of await oldestCarrying(rpc, reference, REFERENCE_CANDIDATES)) {
    const tx = await fetchTransaction(rpc, entry.signature);
    if (!tx || !tx.signers.has(signer)) continue;
    if (!tx.failed) return { signature: entry.signature, failed: false };
    failed ??= entry.signature;
  }
  return failed ? { signature: failed, failed: true } : null;
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
