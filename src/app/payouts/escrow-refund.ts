import type { Payment } from '../../domain/entities';
import { conflict, DomainError, forbidden, notFound, validation } from '../../domain/errors';
import { requireCaller, type Caller } from '../context';
import type { Chain, EscrowCosigner, EscrowVerifier, Logger, Store } from '../ports';
import { tellPayerRefunded } from './tell-payer';

/** The caller's own payments that bought nothing (due a refund or refunded), oldest first. */
export function myUnboughtPayments(deps: { store: Store }) {
  return async (caller: Caller | null): Promise<Payment[]> => {
    const who = requireCaller(caller);
    const mine = await deps.store.payments.listByPayer(who.walletAddress);
    // An order's payment is refunded with its order (it bought the order): not one of these.
    return mine.filter((p) => p.status !== 'matched' && p.orderId === null);
  };
}

/**
 * Multisig mode: a payment that bought nothing waits in its own escrow account (buyer, seller,
 * arbiter). Only its payer claims it back, only while a refund is due, and only as the close of
 * that account to the payer.
 */
async function dueToPayer(store: Store, caller: Caller | null, signature: string) {
  const who = requireCaller(caller);
  const payment = await store.payments.findBySignature(signature);
  if (!payment) throw notFound('Payment not found');
  if (payment.payerWallet !== who.walletAddress) {
    throw forbidden('Only the wallet that paid claims its refund');
  }
  if (payment.status !== 'refund_due') {
    throw conflict(`This payment is ${payment.status.replace('_', ' ')}, not due for a refund`);
  }
  if (!payment.escrowAccount) {
    throw conflict('This payment waits in the escrow wallet: the marketplace refunds it');
  }
  return { ...payment, escrowAccount: payment.escrowAccount };
}

/** The arbiter-signed close of the payment's escrow account to its payer, to sign and send. */
export function escrowRefund(deps: {
  store: Store;
  cosigner?: EscrowCosigner;
  escrowVerifier?: EscrowVerifier;
}) {
  return async (caller: Caller | null, signature: string) => {
    const payment = await dueToPayer(deps.store, caller, signature);
    if (!deps.cosigner || !deps.escrowVerifier) {
      throw validation('Refunds are signed by the arbiter only in multisig mode, with its key');
    }
    const held = await deps.escrowVerifier.escrowBalances([payment.escrowAccount]);
    if (held.get(payment.escrowAccount) == null) {
      // Closed by buyer and seller together, outside the marketplace: nothing left to sign for.
      throw conflict(
        `The escrow account ${payment.escrowAccount} is closed: nothing is left in it`,
      );
    }
    return deps.cosigner.prepareRefund({
      escrowAccount: payment.escrowAccount,
      buyer: payment.payerWallet,
    });
  };
}

/**
 * The payer reports the close it sent: recorded once the chain shows that account closed to the
 * payer with every lamport it held; then, in one database transaction, the close's signature is
 * claimed (it settles nothing else, ever) and the payment is refunded, exactly once.
 */
export function claimEscrowRefund(deps: {
  store: Store;
  chain: Chain;
  logger: Logger;
  escrowVerifier?: EscrowVerifier;
}) {
  return async (caller: Caller | null, signature: string, closeSignature: string) => {
    // Reported again once recorded (a retry after a lost answer): the payment as it is now.
    const recorded = await deps.store.payments.findBySignature(signature);
    if (
      recorded?.refundSignature === closeSignature &&
      recorded.payerWallet === requireCaller(caller).walletAddress
    ) {
      return recorded;
    }
    const payment = await dueToPayer(deps.store, caller, signature);
    if (!deps.escrowVerifier) {
      throw validation('Refunds are claimed by their payer only in multisig mode');
    }
    const check = await deps.escrowVerifier.verifyEscrowRefund({
      signature: closeSignature,
      escrowAccount: payment.escrowAccount,
      buyer: payment.payerWallet,
      lamports: payment.lamports,
    });
    if (!check.ok) {
      throw new DomainError('payment_invalid', check.message, { reason: check.reason });
    }
    const refunded = await deps.store.transaction(async (tx) => {
      await tx.signatures.claim(closeSignature, 'refund', null);
      const updated = await tx.payments.update(signature, {
        status: 'refunded',
        refundSignature: closeSignature,
      });
      await tellPayerRefunded(tx, payment);
      return updated!;
    });
    deps.logger.info({ signature }, 'payment refunded from its escrow account');
    return refunded;
  };
}
