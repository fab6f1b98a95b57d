import { conflict, forbidden, validation } from '../../domain/errors';
import { ratingError, reviewRefusal, reviewText } from '../../domain/review';
import { requireCaller, type Caller } from '../context';
import type { Store } from '../ports';
import { notify } from '../notifications/notify';
import { loadOrder } from '../orders/load-order';

export interface ReviewCommand {
  rating: number;
  comment: string;
}

/** The buyer of a completed order rates its seller, once. */
export function reviewOrder(deps: { store: Store }) {
  return async (caller: Caller | null, orderId: number, cmd: ReviewCommand) => {
    const who = requireCaller(caller);
    const order = await loadOrder(deps.store, orderId);
    if (order.buyerId !== who.userId) throw forbidden('Only the buyer of this order can review it');
    const refused = reviewRefusal(order);
    if (refused) throw conflict(refused);
    const problem = ratingError(cmd.rating);
    if (problem) throw validation(problem);
    const comment = reviewText(cmd.comment, 'A review');
    return deps.store.transaction(async (tx) => {
      if (await tx.reviews.findByOrder(orderId))
        throw conflict('This order has been reviewed already');
      const review = await tx.reviews.create({
        orderId,
        sellerId: order.sellerId,
        buyerId: who.userId,
        rating: cmd.rating,
        comment,
      });
      const stars = '★'.repeat(cmd.rating) + '☆'.repeat(5 - cmd.rating);
      await notify(
        tx,
        order.sellerId,
        'review',
        order,
        `New review ${stars} on order #${order.id}`,
      );
      return review;
    });
  };
}

/** The seller answers the review of one of their orders, once. */
export function replyToReview(deps: { store: Store; clock: { now(): Date } }) {
  return async (caller: Caller | null, orderId: number, text: string) => {
    const who = requireCaller(caller);
    const order = await loadOrder(deps.store, orderId);
    if (order.sellerId !== who.userId) {
      throw forbidden('Only the seller of this order can answer its review');
    }
    const reply = reviewText(text, 'An answer');
    if (!reply) throw validation('An answer needs some text');
    const review = await deps.store.reviews.findByOrder(orderId);
    if (!review) throw conflict('This order has no review to answer');
    const answered = await deps.store.reviews.reply(orderId, reply, deps.clock.now());
    if (!answered) throw conflict('This review has been answered already');
    return answered;
  };
}
