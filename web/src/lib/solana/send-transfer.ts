import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { confirmSignature, type ConfirmOptions } from './confirm-signature';

export interface TransferInput {
  adapter: Adapter;
  connection: Connection;
  from: string;
  to: string;
  /** Exact amount: solToLamports(price) from src/domain/money, never a float. */
  lamports: bigint;
  confirm?: Omit<ConfirmOptions, 'lastValidBlockHeight'>;
}

const reason = (error: unknown) =>
  (error instanceof Error && error.message) ||
  (typeof error === 'string' && error) ||
  'Unknown error';

/** Building failed (bad key, no blockhash): spec "Failed to create transaction: {reason}". */
export class CreateTransactionError extends Error {
  constructor(cause: unknown) {
    super(`Failed to create transaction: ${reason(cause)}`);
    this.name = 'CreateTransactionError';
  }
}

/** Signing, sending or confirming failed: spec "Transaction failed: {reason}". */
export class TransactionFailedError extends Error {
  constructor(cause: unknown) {
    super(`Transaction failed: ${reason(cause)}`);
    this.name = 'TransactionFailedError';
  }
}

/**
 * One System Program transfer `from` -> `to`, signed and sent through the wallet adapter and
 * confirmed at 'confirmed'. Returns the signature. Used for escrow payments and releases.
 */
export async function sendSolTransfer(input: TransferInput): Promise<string> {
  let transaction: Transaction;
  let lastValidBlockHeight: number;
  try {
    const fromPubkey = new PublicKey(input.from);
    const toPubkey = new PublicKey(input.to);
    const latest = await input.connection.getLatestBlockhash('confirmed');
    lastValidBlockHeight = latest.lastValidBlockHeight;
    transaction = new Transaction({ feePayer: fromPubkey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey, toPubkey, lamports: input.lamports }),
    );
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  try {
    const signature = await input.adapter.sendTransaction(transaction, input.connection, {
      preflightCommitment: 'confirmed',
    });
    await confirmSignature(input.connection, signature, { ...input.confirm, lastValidBlockHeight });
    return signature;
  } catch (error) {
    throw new TransactionFailedError(error);
  }
}
