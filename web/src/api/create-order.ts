import type { Order } from '../../../src/domain/entities';
import { request } from './client';

export interface NewOrder {
  productId: number;
  buyerId: number;
  sellerId: number;
  price: string;
  status: 'escrow_held';
  escrowTransactionHash: string;
  buyerEmail?: string;
  buyerAddress?: string;
  buyerName?: string;
}

/**
 * Records a paid order. Posting the same signature again for the same product and buyer
 * answers the existing order, so a retry never needs a second payment.
 */
export const createOrder = (order: NewOrder) =>
  request<Order>('/api/orders', { method: 'POST', json: order });
