import type { Address } from '@solana/kit';
import bs58 from 'bs58';
import type { Ledger } from './ledger';
import type { TxRecord } from './tx-store';

/** Slots after which a landed transaction counts as finalized. */
export const FINALITY_DEPTH = 32;

/** getSignatureStatuses' entry for a landed transaction at `slot`. */
export function signatureStatus(r: TxRecord, slot: number) {
  const finalized = slot - r.slot >= FINALITY_DEPTH;
  return {
    slot: r.slot,
    confirmations: finalized ? null : slot - r.slot,
    err: r.err,
    status: r.err === null ? { Ok: null } : { Err: r.err },
    confirmationStatus: finalized ? 'finalized' : 'confirmed',
  };
}

/** getAccountInfo's value: null for an account that does not exist. */
export function accountView(ledger: Ledger, key: string, encoding: unknown) {
  const found = ledger.svm.getAccount(key as Address);
  if (!found.exists) return null;
  const data = Buffer.from(found.data);
  const base58 = encoding === 'base58';
  return {
    data: [base58 ? bs58.encode(data) : data.toString('base64'), base58 ? 'base58' : 'base64'],
    executable: found.executable,
    lamports: BigInt(found.lamports),
    owner: found.programAddress,
    rentEpoch: 18446744073709551615n,
    space: data.length,
  };
}
