import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { budgetInstructions } from './compute-budget';
import { landTransaction, type LandingStep } from './land-transaction';
import { CreateTransactionError, signAndSend, TransactionFailedError } from './send-transfer';

export interface PayoutTransactionInput {
  adapter: Adapter;
  connection: Connection;
  /** The escrow wallet, connected: it pays every part and the fee. */
  from: string;
  /** The reserved payout's reference: it rides, read-only and unsigned, on the first transfer. */
  reference: string;
  parts: readonly { wallet: string; lamports: bigint }[];
  /** The blockhash the payout was reserved with (its lastValidBlockHeight is on record). */
  blockhash: { blockhash: string; lastValidBlockHeight: number };
  onStep?: (step: LandingStep) => void;
}

/**
 * One transaction from the escrow wallet paying every part of a reserved payout (as the server's
 * settlement builds it), signed and sent through the wallet adapter, confirmed at 'confirmed'.
 */
export async function sendPayoutTransaction(input: PayoutTransactionInput): Promise<string> {
  let transaction: Transaction;
  try {
    const fromPubkey = new PublicKey(input.from);
    transaction = new Transaction({ feePayer: fromPubkey, ...input.blockhash });
    const payees = input.parts.map((part) => new PublicKey(part.wallet));
    transaction.add(
      ...(await budgetInstructions(input.connection, [fromPubkey, ...payees], payees.length)),
    );
    for (const [index, part] of input.parts.entries()) {
      const transfer = SystemProgram.transfer({
        fromPubkey,
        toPubkey: new PublicKey(part.wallet),
        lamports: part.lamports,
      });
      if (index === 0) {
        transfer.keys.push({
          pubkey: new PublicKey(input.reference),
          isSigner: false,
          isWritable: false,
        });
      }
      transaction.add(transfer);
    }
  } catch (error) {
    throw new CreateTransactionError(error);
  }
  try {
    // The blockhash is the one on record with the reservation: re-sent while it lives, never
    // signed anew here (the server recovers an expired reservation).
    const built = { transaction, lastValidBlockHeight: input.blockhash.lastValidBlockHeight };
    return await landTransaction(
      input.connection,
      () => signAndSend(input.adapter, input.connection, built),
      { signings: 1, onStep: input.onStep },
    );
  } catch (error) {
    throw new TransactionFailedError(error);
  }
}
