import {
  listPayments,
  refundPayment as refund,
  reservePaymentRefund as reserve,
} from '@src/contracts/payments';
import { call } from './client';

/** Verified escrow payments that bought nothing and must be paid back. */
export const getRefundDuePayments = (walletAddress: string) =>
  call(listPayments, { query: { status: 'refund_due', walletAddress } });

/** Records the escrow -> payer transfer that paid a refund-due payment back. */
export const refundPayment = (signature: string, refundSignature: string, walletAddress: string) =>
  call(refund, {
    params: { signature },
    query: { walletAddress },
    body: { refundTransactionHash: refundSignature },
  });

/** Before its refund is sent: the reference the transfer carries (one under way at a time). */
export const reservePaymentRefund = (
  signature: string,
  lastValidBlockHeight: number,
  walletAddress: string,
) =>
  call(reserve, {
    params: { signature },
    query: { walletAddress },
    body: { lastValidBlockHeight },
  });
