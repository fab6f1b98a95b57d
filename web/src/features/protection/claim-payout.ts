import { Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { ApiError } from '@web/api/client';
import { claimEscrowOutcome, getEscrowOutcome } from '@web/api/escrow-outcome';
import { claimEscrowRefund, getEscrowRefund } from '@web/api/my-payments';
import { landTransaction } from '@web/lib/solana/land-transaction';
import { forgetUnrecorded, loadUnrecorded, rememberUnrecorded } from '@web/lib/unrecorded-payouts';
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
 * Records the close that landed earlier, or lands a new one and records it. A close that landed
 * is kept as a payout that was not recorded (browser storage, as the admin's payouts are) until
 * the marketplace records it: the next try records that one instead of asking for a new close
 * of an account that is closed already.
 */
async function claim<T>(
  job: string,
  offer: () => Promise<{ transaction: string; lastValidBlockHeight: bigint }>,
  input: Claimer,
  record: (signature: string) => Promise<T>,
): Promise<T> {
  const earlier = loadUnrecorded()[job];
  if (earlier) {
    try {
      const recorded = await record(earlier);
      forgetUnrecorded(job);
      return recorded;
    } catch (error) {
      // Refused (not this escrow's close after all): forgotten, and a new close is asked for.
      // Any other failure (no answer) keeps it for the next try.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      forgetUnrecorded(job);
    }
  }
  const signature = await signAndLand(await offer(), input);
  rememberUnrecorded(job, signature);
  const recorded = await record(signature);
  forgetUnrecorded(job);
  return recorded;
}

/**
 * Multisig mode: the party a payout is due to adds the second signature to the close the
 * arbiter has signed, sends it, waits for `confirmed`, and has it recorded.
 */
export function claimPayout(input: Claimer & { orderId: number }) {
  return claim(
    `claim:order-${input.orderId}`,
    () => getEscrowOutcome(input.orderId),
    input,
    (signature) => claimEscrowOutcome(input.orderId, signature),
  );
}

/** Multisig mode: the payer of a payment that bought nothing closes its escrow back to itself. */
export function claimPaymentRefund(input: Claimer & { payment: string }) {
  return claim(
    `claim:payment-${input.payment}`,
    () => getEscrowRefund(input.payment),
    input,
    (signature) => claimEscrowRefund(input.payment, signature),
  );
}
