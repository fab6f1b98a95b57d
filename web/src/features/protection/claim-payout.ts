import { Transaction, type Connection } from '@solana/web3.js';
import type { Adapter } from '@solana/wallet-adapter-base';
import { ApiError } from '@web/api/client';
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
 * A close that landed is remembered (in this browser) until the marketplace has recorded it: if
 * recording fails (the server restarting, the connection lost), the next try records that one
 * instead of asking for a new close of an account that is closed already.
 */
const landed = {
  key: (what: string) => `marketplace.landed-close.${what}`,
  get(what: string): string | null {
    try {
      return localStorage.getItem(this.key(what));
    } catch {
      return null;
    }
  },
  set(what: string, signature: string | null) {
    try {
      if (signature) localStorage.setItem(this.key(what), signature);
      else localStorage.removeItem(this.key(what));
    } catch {
      // Storage refused (private mode): the claim still works, only without this memory.
    }
  },
};

/** Records the close that landed earlier, or lands a new one and records it. */
async function claim<T>(
  what: string,
  steps: { offer: () => Promise<{ transaction: string; lastValidBlockHeight: bigint }> },
  input: Claimer,
  record: (signature: string) => Promise<T>,
): Promise<T> {
  const earlier = landed.get(what);
  if (earlier) {
    try {
      const recorded = await record(earlier);
      landed.set(what, null);
      return recorded;
    } catch (error) {
      // Refused (not this escrow's close after all): forgotten, and a new close is asked for.
      // Any other failure (no answer) keeps it for the next try.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      landed.set(what, null);
    }
  }
  const signature = await signAndLand(await steps.offer(), input);
  landed.set(what, signature);
  const recorded = await record(signature);
  landed.set(what, null);
  return recorded;
}

/**
 * Multisig mode: the party a payout is due to adds the second signature to the close the
 * arbiter has signed, sends it, waits for `confirmed`, and has it recorded.
 */
export function claimPayout(input: Claimer & { orderId: number }) {
  return claim(
    `order-${input.orderId}`,
    { offer: () => getEscrowOutcome(input.orderId) },
    input,
    (signature) => claimEscrowOutcome(input.orderId, signature),
  );
}

/** Multisig mode: the payer of a payment that bought nothing closes its escrow back to itself. */
export function claimPaymentRefund(input: Claimer & { payment: string }) {
  return claim(
    `payment-${input.payment}`,
    { offer: () => getEscrowRefund(input.payment) },
    input,
    (signature) => claimEscrowRefund(input.payment, signature),
  );
}
