import type { PaymentStatus } from '../../../src/domain/entities';
import { request } from './client';

/** A ledger entry on the wire: lamports as a decimal string (JSON has no bigint). */
export interface PaymentRecord {
  signature: string;
  payerWallet: string;
  lamports: string;
  productId: number | null;
  orderId: number | null;
  status: PaymentStatus;
  reason: string | null;
  refundSignature: string | null;
  createdAt: string;
}

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
