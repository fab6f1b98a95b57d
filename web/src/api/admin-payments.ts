import type { PaymentJson } from '../../../src/domain/entities';
import { request } from './client';

export type PaymentRecord = PaymentJson;

/** Verified escrow payments that bought nothing and must be paid back. */
export const getRefundDuePayments = (walletAddress: string) =>
  request<PaymentRecord[]>('/api/admin/payments', {
    query: { status: 'refund_due', walletAddress },
  });

/** Records the escrow -> payer transfer that paid a refund-due payment back. */
export const refundPayment = (signature: string, refundSignature: string, walletAddress: string) =>
  request<PaymentRecord>(`/api/admin/payments/${encodeURIComponent(signature)}/refund`, {
    method: 'POST',
    query: { walletAddress },
    json: { refundTransactionHash: refundSignature },
  });
