import type { VersionedMessage } from '@solana/web3.js';
import type { Address, Transaction } from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { lamportsOf, storeAccount, writableLookups, type StoredAccount } from './account-state';
import { feeForMessage } from './fees';
import { failure, innerInstructionsOf, signatureFailure } from './outcome';
import { tokenBalances } from './token-balances';
import type { DecimalsOf } from './token-json';
import type { TxRecord } from './tx-store';

/** A transaction that landed, with the accounts it left behind (what the write-ahead log keeps). */
export interface Landed {
  record: TxRecord;
  accounts: StoredAccount[];
}

export interface Decoded {
  wire: Uint8Array;
  signature: string;
  message: VersionedMessage;
  kitTx: Transaction;
}

/**
 * Runs `tx` on the SVM and describes what landed: the history record (balances and token
 * balances before and after) and every account it may have written. Null when it did not land
 * (failed before any fee was charged, as a leader drops it).
 */
export function execute(
  svm: LiteSVM,
  tx: Decoded,
  at: { slot: number; blockTime: number; decimalsOf: DecimalsOf },
): Landed | null {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  const before = keys.map((k) => svm.getAccount(k as Address));
  const preTokenBalances = tokenBalances(before, at.decimalsOf);
  const lookups = writableLookups(svm, tx.message);
  let result: TransactionMetadata | FailedTransactionMetadata;
  try {
    result = svm.sendTransaction(tx.kitTx);
  } catch {
    throw signatureFailure();
  }
  const after = keys.map((k) => svm.getAccount(k as Address));
  const [pre, post] = [before.map(lamportsOf), after.map(lamportsOf)];
  const failed = result instanceof FailedTransactionMetadata ? failure(result) : null;
  if (failed && pre[0] === post[0]) {
    if (failed.err === 'SignatureFailure') throw signatureFailure();
    return null;
  }
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  const record: TxRecord = {
    signature: tx.signature,
    slot: at.slot,
    blockTime: at.blockTime,
    wire: Buffer.from(tx.wire).toString('base64'),
    err: failed?.err ?? null,
    logs: meta.logs(),
    fee: failed ? pre[0]! - post[0]! : feeForMessage(tx.message),
    unitsConsumed: meta.computeUnitsConsumed(),
    accountKeys: keys,
    preBalances: pre,
    postBalances: post,
    innerInstructions: innerInstructionsOf(meta),
    preTokenBalances,
    postTokenBalances: tokenBalances(after, at.decimalsOf),
  };
  const accounts = keys
    .map((key, i) => (tx.message.isAccountWritable(i) ? storeAccount(key, after[i]!) : null))
    .filter((a): a is StoredAccount => a !== null)
    .concat(lookups.map((key) => storeAccount(key, svm.getAccount(key as Address))));
  return { record, accounts };
}
