import { conflict, notFound } from '../../domain/errors';
import { requireAdmin, type Caller } from '../context';
import type { Chain, Store } from '../ports';
import { settleTransfer } from './verified-transfer';

/** Pays back a verified payment that bought nothing (escrow -> payer, the same lamports). */
export function refundPayment(deps: { store: Store; chain: Chain; escrowWallet: string }) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    paymentSignature: string,
    refundSignature: string,
  ) => {
    requireAdmin(caller, wallet);
    const payment = await deps.store.payments.findBySignature(paymentSignature);
    if (!payment) throw notFound('Payment not found');
    if (payment.status !== 'refund_due') {
      throw conflict(`This payment is ${payment.status.replace('_', ' ')}, not due for a refund`);
    }
    if (payment.escrowAccount) {
      throw conflict(
        'This payment waits in its own escrow account, not in the escrow wallet: its payer claims it back',
      );
    }
    const updated = await settleTransfer(
      deps,
      {
        signature: refundSignature,
        from: deps.escrowWallet,
        to: payment.payerWallet,
        lamports: payment.lamports,
        purpose: 'refund',
        orderId: null,
      },
      (tx) => tx.payments.update(paymentSignature, { status: 'refunded', refundSignature }),
    );
    return updated!;
  };
}
