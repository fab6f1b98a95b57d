import { replyToReview as replyTo } from '@src/contracts/reviews';
import { call } from './client';

/** POST /api/orders/:id/review/reply: the seller answers the order's review, once. */
export const replyToReview = (orderId: number, reply: string) =>
  call(replyTo, { params: { id: orderId }, body: { reply } });
