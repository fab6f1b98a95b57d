import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import bs58 from 'bs58';
import { formatSol } from '@src/domain/money';
import { chainReason } from './chain-reason';
import { budgetInstructions } from './compute-budget';
import {
  landTransaction,
  type Attempt,
  type LandingStep,
  type LandOptions,
} from './land-transaction';

export interface TransferInput {
  adapter: Adapter;
  connection: Connection;
  from: string;
  to: string;
  /** Exact amount: solToLamports(price) from src/domain/money, never a float. */
  lamports: bigint;
  /** A Solana Pay style reference (base58 public key) carried by every signing of this transfer. */
  reference?: string;
  /** Told what the network is doing: waiting, re-sending, expired (asking to sign again). */
  onStep?: (step: LandingStep) => void;
  confirm?: Omit<LandOptions, 'onStep'>;
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

/** The send got no answer from the node (a 429 or a refusal is an answer: nothing went out). */
const UNANSWERED = /failed to fetch|fetch failed|network ?error|timed? ?out|\b50[234]\b/i;

/** A network's base fee per signature, when the node cannot price the message. */
const BASE_FEE = 5_000n;

/**
 * One System Program transfer `from` -> `to`, signed through the wallet adapter and landed at
 * 'confirmed' by landTransaction: re-sent while its blockhash lives, signed again on a fresh
 * blockhash only once it cannot land. `reference` (a Solana Pay style read-only key, one per
 * order attempt) rides on every signing, so all of them can be found on chain. Returns the
 * signature that landed. Used for escrow payments and releases.
 */
export async function sendSolTransfer(input: TransferInput): Promise<string> {
  let fromPubkey: PublicKey;
  let toPubkey: PublicKey;
  let balance: bigint;
  let first: Built;
  try {
    fromPubkey = new PublicKey(input.from);
    toPubkey = new PublicKey(input.to);
    // The blockhash, the priority fee and the balance do not wait on each other.
    const [built, lamportsHeld] = await Promise.all([
      build(input, fromPubkey, toPubkey),
      input.connection.getBalance(fromPubkey, 'confirmed'),
    ]);
    first = built;
    balance = BigInt(lamportsHeld);
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  if (balance < input.lamports + first.fee) {
    throw new InsufficientBalanceError(balance, input.lamports, first.fee);
  }
  let next: Built | null = first;
  const sign = async (): Promise<Attempt> => {
    let built = next;
    next = null;
    if (!built) {
      try {
        built = await build(input, fromPubkey, toPubkey);
      } catch (error) {
        throw new CreateTransactionError(error);
      }
    }
    return signAndSend(input.adapter, input.connection, built);
  };
  try {
    return await landTransaction(input.connection, sign, {
      ...input.confirm,
      onStep: input.onStep,
    });
  } catch (error) {
    if (error instanceof CreateTransactionError) throw error;
    throw new TransactionFailedError(error);
  }
}

interface Built {
  transaction: Transaction;
  lastValidBlockHeight: number;
  fee: bigint;
}

/** The transfer on a fresh blockhash, with its compute budget and reference, and its fee. */
async function build(input: TransferInput, fromPubkey: PublicKey, toPubkey: PublicKey) {
  const [latest, budget] = await Promise.all([
    input.connection.getLatestBlockhash('confirmed'),
    budgetInstructions(input.connection, [fromPubkey, toPubkey], 1),
  ]);
  const transfer = SystemProgram.transfer({ fromPubkey, toPubkey, lamports: input.lamports });
  if (input.reference) {
    transfer.keys.push({
      pubkey: new PublicKey(input.reference),
      isSigner: false,
      isWritable: false,
    });
  }
  const transaction = new Transaction({ feePayer: fromPubkey, ...latest }).add(...budget, transfer);
  const priced = await input.connection.getFeeForMessage(transaction.compileMessage(), 'confirmed');
  const fee = priced.value === null ? BASE_FEE : BigInt(priced.value);
  return { transaction, lastValidBlockHeight: latest.lastValidBlockHeight, fee };
}

/**
 * Signed by the wallet and sent by us when the wallet can sign alone (then the same bytes can be
 * re-sent); otherwise the wallet sends it and only a new signing can follow a drop.
 */
export async function signAndSend(
  adapter: Adapter,
  connection: Connection,
  built: { transaction: Transaction; lastValidBlockHeight: number },
): Promise<Attempt> {
  const { lastValidBlockHeight } = built;
  if ('signTransaction' in adapter && typeof adapter.signTransaction === 'function') {
    const signed = await adapter.signTransaction(built.transaction);
    const wire = signed.serialize();
    try {
      await connection.sendRawTransaction(wire, { preflightCommitment: 'confirmed' });
    } catch (error) {
      // Refused by the node (preflight, 429): nothing went out. Not answered (unreachable, a
      // gateway's 50x): it may have, so it is watched and re-sent like a dropped one.
      if (!UNANSWERED.test(String((error as Error).message))) throw error;
      console.error('send not answered; watching and re-sending:', error);
    }
    return { signature: bs58.encode(signed.signature!), wire, lastValidBlockHeight };
  }
  const signature = await adapter.sendTransaction(built.transaction, connection, {
    preflightCommitment: 'confirmed',
  });
  return { signature, wire: null, lastValidBlockHeight };
}
