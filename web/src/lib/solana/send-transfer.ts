import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { formatSol } from '@src/domain/money';
import { chainReason } from './chain-reason';
import { budgetInstructions } from './compute-budget';
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

/** Building failed (bad key, no blockhash): spec "Failed to create transaction: {reason}". */
export class CreateTransactionError extends Error {
  constructor(cause: unknown) {
    super(
      `Failed to create transaction: ${cause === undefined ? 'Unknown error' : chainReason(cause)}`,
    );
    this.name = 'CreateTransactionError';
  }
}

/** Signing, sending or confirming failed: spec "Transaction failed: {reason}", in plain words. */
export class TransactionFailedError extends Error {
  constructor(cause: unknown) {
    super(`Transaction failed: ${chainReason(cause)}`);
    this.name = 'TransactionFailedError';
  }
}

/** The balance does not cover the amount and the fee: said before the wallet is asked anything. */
export class InsufficientBalanceError extends Error {
  constructor(balance: bigint, lamports: bigint, fee: bigint) {
    super(
      `Transaction failed: You have ${formatSol(balance)} SOL; this costs ${formatSol(lamports)} SOL ` +
        `plus a network fee of ${formatSol(fee)} SOL.`,
    );
    this.name = 'InsufficientBalanceError';
  }
}

/** A network's base fee per signature, when the node cannot price the message. */
const BASE_FEE = 5_000n;

/**
 * One System Program transfer `from` -> `to`, signed and sent through the wallet adapter and
 * confirmed at 'confirmed'. Returns the signature. Used for escrow payments and releases.
 */
export async function sendSolTransfer(input: TransferInput): Promise<string> {
  let transaction: Transaction;
  let lastValidBlockHeight: number;
  let balance: bigint;
  let fee: bigint;
  try {
    const fromPubkey = new PublicKey(input.from);
    const toPubkey = new PublicKey(input.to);
    // The blockhash, the priority fee and the balance do not wait on each other.
    const [latest, budget, lamportsHeld] = await Promise.all([
      input.connection.getLatestBlockhash('confirmed'),
      budgetInstructions(input.connection, [fromPubkey, toPubkey], 1),
      input.connection.getBalance(fromPubkey, 'confirmed'),
    ]);
    lastValidBlockHeight = latest.lastValidBlockHeight;
    transaction = new Transaction({ feePayer: fromPubkey, ...latest }).add(
      ...budget,
      SystemProgram.transfer({ fromPubkey, toPubkey, lamports: input.lamports }),
    );
    balance = BigInt(lamportsHeld);
    const priced = await input.connection.getFeeForMessage(
      transaction.compileMessage(),
      'confirmed',
    );
    fee = priced.value === null ? BASE_FEE : BigInt(priced.value);
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  if (balance < input.lamports + fee) {
    throw new InsufficientBalanceError(balance, input.lamports, fee);
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
