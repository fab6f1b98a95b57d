import type { OrderWithProduct } from '../../../src/domain/entities';
import { request } from './client';

/** The buyer's orders, each with its product summary (null when the product is gone). */
export const getBuyerOrders = (userId: number) =>
  request<OrderWithProduct[]>(`/api/orders/buyer/${userId}`);
