import { SendTransactionError, type Connection, type Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Logger } from 'pino';
import { ChainRpcError } from '@src/adapters/solana/chain-rpc-error';
import { computeBudgetFor } from '@src/adapters/solana/compute-budget';
import { payoutTransaction } from '@src/adapters/solana/payout-transaction';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { messageOf } from './errors';

/** Who gets how much, and the reference key that finds the transaction on chain later. */
export interface PayoutParts {
  reference: string;
  parts: readonly { wallet: string; lamports: bigint }[];
}

/**
 * Why a payout did not finish, and how far it got: `not_sent` (nothing left this computer),
 * `unconfirmed` (sent; it may or may not land), `expired` (sent, and it can no longer land: its
 * blockhash died and the node never saw it; nothing was paid), `unrecorded` (landed; the server
 * has no record).
 */
export class PayoutError extends Error {
  constructor(
    readonly stage: 'not_sent' | 'unconfirmed' | 'expired' | 'unrecorded',
    readonly reason: string,
    readonly signature?: string,
  ) {
    super(reason);
    this.name = 'PayoutError';
  }
}

export interface SendPayoutInput {
  connection: Connection;
  keypair: Keypair;
  logger: Logger;
  /**
   * Says what to pay, given the lastValidBlockHeight of the blockhash the transaction will be
   * signed with (a reservation with the server: after that height it can never land).
   */
  plan(lastValidBlockHeight: bigint): Promise<PayoutParts>;
  /** Called once the node has accepted the transaction, before it is confirmed. */
  onSent?(signature: string): void;
}

/**
 * Builds, signs, sends and confirms one payout transaction (at `confirmed`, 429 backoff).
 * Failures before the send are `not_sent`; after it, `unconfirmed` with the signature.
 * Errors of `plan` (the server refusing a reservation) pass through untouched.
 */
export async function sendPayout(input: SendPayoutInput): Promise<string> {
  const { connection, keypair, logger } = input;
  const blockhash = await connection
    .getLatestBlockhash('confirmed')
    .catch((error: unknown) => Promise.reject(notSent(error)));
  const parts = await input.plan(BigInt(blockhash.lastValidBlockHeight));
  const to = parts.parts.map((p) => ({ to: p.wallet, lamports: p.lamports }));
  const budget = await computeBudgetFor(
    connection,
    [keypair.publicKey.toBase58(), ...to.map((p) => p.to)],
    to.length,
  );
  const tx = payoutTransaction(
    keypair,
    { reference: parts.reference, parts: to },
    blockhash,
    budget,
  );
  const signature = bs58.encode(tx.signature!);
  logger.info({ signature, reference: parts.reference }, 'sending payout');
  try {
    await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' });
  } catch (error) {
    logger.debug({ err: error, signature }, 'payout send failed');
    // A refusal (preflight) sent nothing; a lost answer may hide a transaction on its way.
    if (error instanceof SendTransactionError) throw notSent(error);
    throw new PayoutError('unconfirmed', firstLine(error), signature);
  }
  input.onSent?.(signature);
  try {
    // Sending a signed transaction again is harmless (one signature lands once at most), and
    // sendAndConfirm's wait has the spec's time limit and the blockhash's lifetime.
    return await sendAndConfirm(connection, tx, { skipPreflight: true });
  } catch (error) {
    logger.debug({ err: error, signature }, 'payout not confirmed');
    // The wait read the block height past lastValidBlockHeight; a status read after it that is
    // still empty means the transaction can never land.
    if (error instanceof ChainRpcError && error.code === 'expired' && !(await seen(signature))) {
      throw new PayoutError('expired', 'its blockhash expired before it landed', signature);
    }
    throw new PayoutError('unconfirmed', firstLine(error), signature);
  }

  async function seen(sig: string): Promise<boolean> {
    const status = await connection
      .getSignatureStatus(sig, { searchTransactionHistory: true })
      .catch(() => ({ value: 'unknown' }));
    return status.value !== null;
  }
}

const notSent = (error: unknown) => new PayoutError('not_sent', firstLine(error));

export const firstLine = (error: unknown) => messageOf(error).split('\n')[0]!.replace(/\.$/, '');

/** Records a payout already on chain: a failure now is `unrecorded`, never a reason to resend. */
export async function recordSent<T>(
  signature: string,
  record: (signature: string) => Promise<T>,
): Promise<T> {
  try {
    return await record(signature);
  } catch (error) {
    throw new PayoutError('unrecorded', firstLine(error), signature);
  }
}
