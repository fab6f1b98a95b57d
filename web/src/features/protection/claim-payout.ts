import { Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { claimEscrowOutcome, getEscrowOutcome } from '@web/api/escrow-outcome';
import { landTransaction } from '@web/lib/solana/land-transaction';
import { TransactionFailedError } from '@web/lib/solana/send-transfer';

/**
 * Multisig mode: the party a payout is due to adds the second signature to the close the
 * arbiter has signed, sends it, waits for `confirmed`, and has it recorded.
 */
export async function claimPayout(input: {
  orderId: number;
  adapter: Adapter;
  connection: Connection;
}) {
  const offered = await getEscrowOutcome(input.orderId);
  const transaction = Transaction.from(Buffer.from(offered.transaction, 'base64'));
  let signature: string;
  try {
    signature = await input.adapter.sendTransaction(transaction, input.connection, {
      preflightCommitment: 'confirmed',
    });
    const lastValidBlockHeight = Number(offered.lastValidBlockHeight);
    await landTransaction(
      input.connection,
      async () => ({ signature, wire: null, lastValidBlockHeight }),
      { signings: 1 },
    );
  } catch (error) {
    throw new TransactionFailedError(error);
  }
  return claimEscrowOutcome(input.orderId, signature);
}
