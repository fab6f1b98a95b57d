import { conflict, notFound } from '../../domain/errors';
import type { Payment } from '../../domain/entities';
import { requireAdmin, type Caller } from '../context';
import type { Chain, Logger, Store } from '../ports';
import { BLOCKHASH_BLOCKS, mayStillLand } from '../../domain/block-window';
import { requireBlockWindow } from './reserve-payout';
import { reservedGivesWay } from './reserved-transfer';
import { tellPayerRefunded } from './tell-payer';
import { settleTransfer } from './verified-transfer';

interface RefundDeps {
  store: Store;
  chain: Chain;
  escrowWallet: string;
  logger: Logger;
}

/** The payment, if the escrow wallet owes its payer a refund of it. */
async function refundable(store: Store, signature: string): Promise<Payment> {
  const payment = await store.payments.findBySignature(signature);
  if (!payment) throw notFound('Payment not found');
  if (payment.status !== 'refund_due') {
    throw conflict(`This payment is ${payment.status.replace('_', ' ')}, not due for a refund`);
  }
  if (payment.escrowAccount) {
    throw conflict(
      'This payment waits in its own escrow account, not in the escrow wallet: its payer claims it back',
    );
  }
  return payment;
}

/**
 * Records the refund `refundSignature` of a payment that bought nothing: the chain must show
 * escrow -> payer, the same lamports; then, in one transaction, the signature is claimed, the
 * payment moves from refund_due to refunded (of two refunds recorded at once, one is refused) and
 * its payer, if they ever signed in, is told.
 */
function recordRefund(deps: RefundDeps, payment: Payment, refundSignature: string) {
  return settleTransfer(
    deps,
    {
      signature: refundSignature,
      from: deps.escrowWallet,
      to: payment.payerWallet,
      lamports: payment.lamports,
      purpose: 'refund',
      orderId: null,
    },
    async (tx) => {
      const updated = await tx.payments.update(
        payment.signature,
        { status: 'refunded', refundSignature },
        'refund_due',
      );
      if (!updated) throw conflict('This payment was refunded meanwhile');
      await tellPayerRefunded(tx, updated);
      return updated;
    },
  );
}

/** Pays back a verified payment that bought nothing (escrow -> payer, the same lamports). */
export function refundPayment(deps: RefundDeps) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    paymentSignature: string,
    refundSignature: string,
  ) => {
    requireAdmin(caller, wallet);
    const payment = await refundable(deps.store, paymentSignature);
    // A refund reserved for this payment is the one to record while it may land or once it
    // has: another transfer (sent by hand meanwhile, or another payment's) would pay it twice.
    const held = await deps.store.payments.refundReservation(paymentSignature);
    if (held)
      await reservedGivesWay(deps, held, refundSignature, 'refund reserved for this payment');
    return recordRefund(deps, payment, refundSignature);
  };
}

/**
 * Before the escrow wallet sends a payment's refund: one refund of it under way at a time,
 * whoever sends (two admins, a browser and the CLI). Answers the reference the transfer must
 * carry. A reservation still alive is refused; one whose transfer landed is recorded (and the
 * payment is no longer due); one that failed, or whose blockhash died with no trace of its
 * reference on chain, is replaced.
 */
export function reservePaymentRefund(deps: RefundDeps) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    paymentSignature: string,
    lastValidBlockHeight: bigint,
  ): Promise<{ reference: string }> => {
    requireAdmin(caller, wallet);
    const payment = await refundable(deps.store, paymentSignature);
    // Read once: the window's check and a held reservation's life are judged at one height.
    const height = await deps.chain.blockHeight();
    requireBlockWindow(lastValidBlockHeight, height, BLOCKHASH_BLOCKS);
    const held = await deps.store.payments.refundReservation(paymentSignature);
    if (held) {
      const found = await deps.chain.findReference(held.reference, deps.escrowWallet);
      if (found && !found.failed && (await claimedElsewhere(deps, payment, found.signature))) {
        // Its transfer was recorded as something else's (another payment's refund, by hand):
        // it paid that, and this payment is still owed. A new reservation takes its place.
        deps.logger.warn(
          { payment: paymentSignature, transfer: found.signature },
          'reserved refund recorded for something else; reserving again',
        );
      } else if (found && !found.failed) {
        // Its sender may be recording it this very moment: either way it is recorded once.
        await recordRefund(deps, payment, found.signature).catch(async (error: unknown) => {
          const now = await deps.store.payments.findBySignature(paymentSignature);
          if (now?.refundSignature !== found.signature) throw error;
        });
        deps.logger.info({ payment: paymentSignature }, 'refund found on chain and recorded');
        throw conflict(
          `This payment was refunded already (${found.signature}); it is recorded now`,
        );
      } else if (!found && mayStillLand(held.lastValidBlockHeight, height)) {
        throw conflict(
          'A refund of this payment is under way; if it never lands, try again in a few minutes',
        );
      }
    }
    const next = { reference: deps.chain.newReference(), lastValidBlockHeight };
    if (
      !(await deps.store.payments.reserveRefund(paymentSignature, next, held?.reference ?? null))
    ) {
      throw conflict('A refund of this payment is under way');
    }
    return { reference: next.reference };
  };
}

/**
 * Whether `signature` settled something other than this payment's refund already. Read after
 * the claim: the claim and the payment's refund are written together, so a claim seen with the
 * payment still unrefunded is another's.
 */
async function claimedElsewhere(deps: RefundDeps, payment: Payment, signature: string) {
  if ((await deps.store.signatures.find(signature)) === null) return false;
  const now = await deps.store.payments.findBySignature(payment.signature);
  return now?.refundSignature !== signature;
}
