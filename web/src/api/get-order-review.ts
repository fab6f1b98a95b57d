import { orderReview } from '@src/contracts/reviews';
import { call } from './client';

/** GET /api/orders/:id/review: the order's review, or null when it has none yet. */
export const getOrderReview = async (orderId: number) =>
  (await call(orderReview, { params: { id: orderId } })).review;
