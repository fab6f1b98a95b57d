import { Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { claimEscrowOutcome, getEscrowOutcome } from '@web/api/escrow-outcome';
import { claimEscrowRefund, getEscrowRefund } from '@web/api/my-payments';
import { landTransaction } from '@web/lib/solana/land-transaction';
import { TransactionFailedError } from '@web/lib/solana/send-transfer';

interface Claimer {
  adapter: Adapter;
  connection: Connection;
}

/**
 * The wallet adds the second signature to a close the arbiter signed, sends it and waits for
 * `confirmed`; answers its signature.
 */
async function signAndLand(
  offered: { transaction: string; lastValidBlockHeight: bigint },
  input: Claimer,
): Promise<string> {
  const transaction = Transaction.from(Buffer.from(offered.transaction, 'base64'));
  try {
    const signature = await input.adapter.sendTransaction(transaction, input.connection, {
      preflightCommitment: 'confirmed',
    });
    const lastValidBlockHeight = Number(offered.lastValidBlockHeight);
    await landTransaction(
      input.connection,
      async () => ({ signature, wire: null, lastValidBlockHeight }),
      { signings: 1 },
    );
    return signature;
  } catch (error) {
    throw new TransactionFailedError(error);
  }
}

/**
 * Multisig mode: the party a payout is due to adds the second signature to the close the
 * arbiter has signed, sends it, waits for `confirmed`, and has it recorded.
 */
export async function claimPayout(input: Claimer & { orderId: number }) {
  const signature = await signAndLand(await getEscrowOutcome(input.orderId), input);
  return claimEscrowOutcome(input.orderId, signature);
}

/** Multisig mode: the payer of a payment that bought nothing closes its escrow back to itself. */
export async function claimPaymentRefund(input: Claimer & { payment: string }) {
  const signature = await signAndLand(await getEscrowRefund(input.payment), input);
  return claimEscrowRefund(input.payment, signature);
}
