import type { Keypair } from '@solana/web3.js';
import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import { ChainRpcError } from './chain-rpc-error';
import { budgetInstructions, computeBudgetFor } from './compute-budget';
import { serializeChecked, signTransaction } from './native-ed25519';
import { confirmTimeoutMs, type Commitment } from './rpc-client';

/**
 * A signed System Program transfer of `lamports` from `from` to `to` on a fresh blockhash, with
 * its compute budget.
 * `reference` (a Solana Pay style read-only key) keeps two equal payments distinct.
 */
export async function buildTransfer(
  connection: Connection,
  from: Keypair,
  to: PublicKey | string,
  lamports: bigint,
  opts: { reference?: PublicKey } = {},
): Promise<Transaction> {
  const instruction = SystemProgram.transfer({
    fromPubkey: from.publicKey,
    toPubkey: new PublicKey(to),
    lamports,
  });
  if (opts.reference) {
    instruction.keys.push({ pubkey: opts.reference, isSigner: false, isWritable: false });
  }
  const [{ blockhash, lastValidBlockHeight }, budget] = await Promise.all([
    connection.getLatestBlockhash('confirmed'),
    computeBudgetFor(connection, [from.publicKey.toBase58(), new PublicKey(to).toBase58()], 1),
  ]);
  const tx = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight }).add(
    ...budgetInstructions(budget),
    instruction,
  );
  signTransaction(tx, from);
  return tx;
}

/**
 * Sends a signed transaction (with preflight), re-sends it while waiting (a dropped send lands
 * on a later one) and waits for `commitment` (default confirmed),
 * within the spec's time limit (30 s, 60 s for finalized) and the blockhash's lifetime.
 * Returns the signature. A transaction that lands but fails is a ChainRpcError ('rpc').
 */
export async function sendAndConfirm(
  connection: Connection,
  tx: Transaction,
  opts: {
    commitment?: Commitment;
    timeoutMs?: number;
    skipPreflight?: boolean;
    /** While waiting, the same bytes are sent again this often (default 2 s). */
    resendMs?: number;
  } = {},
): Promise<string> {
  const commitment = opts.commitment ?? 'confirmed';
  if (!tx.recentBlockhash || tx.lastValidBlockHeight === undefined) {
    throw new Error(
      'sendAndConfirm needs a transaction built with its blockhash and lastValidBlockHeight',
    );
  }
  const wire = serializeChecked(tx);
  const signature = await connection.sendRawTransaction(wire, {
    preflightCommitment: commitment,
    skipPreflight: opts.skipPreflight ?? false,
  });
  const limit = opts.timeoutMs ?? confirmTimeoutMs(commitment);
  let timer: NodeJS.Timeout | undefined;
  const resending = resendWhileWaiting(connection, wire, opts.resendMs);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ChainRpcError(
            'timeout',
            `Transaction ${signature} was not confirmed within ${limit / 1000} s`,
          ),
        ),
      limit,
    );
  });
  try {
    const { value } = await Promise.race([
      connection.confirmTransaction(
        { signature, blockhash: tx.recentBlockhash, lastValidBlockHeight: tx.lastValidBlockHeight },
        commitment,
      ),
      timeout,
    ]);
    if (value.err) {
      throw new ChainRpcError(
        'rpc',
        `Transaction ${signature} failed: ${JSON.stringify(value.err)}`,
        {
          data: value.err,
        },
      );
    }
    return signature;
  } catch (error) {
    if ((error as Error).name === 'TransactionExpiredBlockheightExceededError') {
      throw new ChainRpcError(
        'expired',
        `Transaction ${signature} expired before it was confirmed`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
    clearInterval(resending);
  }
}

/** How often a signed transaction not yet confirmed is sent again (the same bytes). */
export const RESEND_MS = 2_000;

/**
 * Sends the same signed bytes again every `ms` until cleared: a leader may drop a transaction
 * under load, and one signature lands at most once however often it is sent.
 */
export function resendWhileWaiting(
  connection: Connection,
  wire: Uint8Array,
  ms = RESEND_MS,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    connection.sendRawTransaction(wire, { skipPreflight: true, maxRetries: 0 }).catch(() => {
      // Refused or unanswered: the confirmation wait tells what happened.
    });
  }, ms);
  timer.unref();
  return timer;
}
