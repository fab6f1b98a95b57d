import { DomainError, notFound, validation, conflict } from '../domain/errors';
import {
  PAYMENT_STATUSES,
  type Payment,
  type PaymentJson,
  type PaymentStatus,
} from '../domain/entities';
import { requireAdmin, type Caller, type Deps } from './context';
import { parseSignature } from './purchase';

/** The ledger on the wire: lamports as a decimal string (JSON has no bigint). */
export const paymentJson = (p: Payment): PaymentJson => ({ ...p, lamports: p.lamports.toString() });

export function makePayments(deps: Deps) {
  const { store } = deps;
  return {
    async list(caller: Caller | null, wallet: unknown, status: unknown) {
      requireAdmin(caller, wallet);
      if (status === undefined || status === '')
        return (await store.payments.list()).map(paymentJson);
      if (!PAYMENT_STATUSES.includes(status as PaymentStatus)) {
        throw validation(`status must be one of ${PAYMENT_STATUSES.join(', ')}`);
      }
      return (await store.payments.listByStatus(status as PaymentStatus)).map(paymentJson);
    },

    /** Pays back a verified payment that bought nothing (escrow -> payer, the same lamports). */
    async refund(
      caller: Caller | null,
      wallet: unknown,
      signature: string,
      body: Record<string, unknown>,
    ) {
      requireAdmin(caller, wallet);
      const refundSignature = parseSignature(body.refundTransactionHash, 'refundTransactionHash');
      const payment = await store.payments.findBySignature(signature);
      if (!payment) throw notFound('Payment not found');
      if (payment.status !== 'refund_due')
        throw conflict(`This payment is ${payment.status.replace('_', ' ')}, not due for a refund`);
      const check = await deps.chain.verifyTransfer({
        signature: refundSignature,
        from: deps.escrowWallet,
        to: payment.payerWallet,
        lamports: payment.lamports,
      });
      if (!check.ok)
        throw new DomainError('payment_invalid', check.message, { reason: check.reason });
      const updated = await store.transaction(async (tx) => {
        await tx.signatures.claim(refundSignature, 'refund', null);
        return tx.payments.update(signature, { status: 'refunded', refundSignature });
      });
      return paymentJson(updated!);
    },
  };
}
