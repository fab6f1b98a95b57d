import type { Order, OrderWithProduct } from '../../../src/domain/entities';
import { ApiError, request } from './client';

/** Orders awaiting review (tracking uploaded), with product summary and buyer contact. */
export const getEscrowOrders = (walletAddress: string) =>
  request<OrderWithProduct[]>('/api/admin/escrow-orders', { query: { walletAddress } });

/** Paid orders the seller has not shipped yet: the admin may refund them. */
export const getAwaitingShipment = (walletAddress: string) =>
  request<OrderWithProduct[]>('/api/admin/escrow-orders', {
    query: { walletAddress, status: 'escrow_held' },
  });

/** Spec section 7: the answer "may carry an error field". */
function orFail<T extends object>(answer: T & { error?: unknown }): T {
  if (typeof answer?.error === 'string' && answer.error) throw new ApiError(200, answer.error);
  return answer;
}

/** Records a verified escrow -> seller transfer: tracking_uploaded -> completed. */
export const releaseFunds = async (orderId: number, signature: string, walletAddress: string) =>
  orFail(
    await request<Order>(`/api/admin/release-funds/${orderId}`, {
      method: 'POST',
      query: { walletAddress },
      json: { releaseTransactionHash: signature },
    }),
  );

/** Records a verified escrow -> buyer transfer: the order is cancelled. */
export const refundOrder = async (orderId: number, signature: string, walletAddress: string) =>
  orFail(
    await request<Order>(`/api/admin/refund/${orderId}`, {
      method: 'POST',
      query: { walletAddress },
      json: { refundTransactionHash: signature },
    }),
  );
