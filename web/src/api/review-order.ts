import { reviewOrder as review } from '@src/contracts/reviews';
import { call } from './client';

/** POST /api/orders/:id/review: the buyer of a completed order rates its seller, once. */
export const reviewOrder = (orderId: number, input: { rating: number; comment: string }) =>
  call(review, { params: { id: orderId }, body: input });
