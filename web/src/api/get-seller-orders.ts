import type { OrderWithProduct } from '../../../src/domain/entities';
import { request } from './client';

/** The seller's sales, each with its product summary and the buyer's contact details. */
export const getSellerOrders = (userId: number) =>
  request<OrderWithProduct[]>(`/api/orders/seller/${userId}`);
