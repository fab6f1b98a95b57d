import { z } from 'zod';
import { endpoint } from './endpoint';
import { idText, jsonObject, none, pageLimit, queryText } from './fields';
import { notificationWire, reputationWire, reviewWire, userWire } from './wire';

const orderId = z.object({ id: idText('order id') });
const sellerId = z.object({ id: idText('seller id') });

export const reviewOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/review',
  params: orderId,
  query: none,
  body: jsonObject({
    rating: z.number({ error: 'rating must be a number of stars from 1 to 5' }),
    comment: z
      .string({ error: 'comment must be text' })
      .optional()
      .transform((c) => c ?? ''),
  }),
  answer: reviewWire,
  status: 201,
  spec: false,
  summary: 'the buyer of a completed order rates its seller (1 to 5 stars, a comment), once',
});

export const replyToReview = endpoint({
  method: 'POST',
  path: '/api/orders/:id/review/reply',
  params: orderId,
  query: none,
  body: jsonObject({ reply: z.string({ error: 'reply must be text' }) }),
  answer: reviewWire,
  spec: false,
  summary: 'the seller answers the review of one of their orders, once',
});

export const orderReview = endpoint({
  method: 'GET',
  path: '/api/orders/:id/review',
  params: orderId,
  query: none,
  body: null,
  answer: z.object({ review: reviewWire.nullable() }),
  spec: false,
  summary: 'the review of an order, if it has one (reviews are public)',
});

export const sellerProfile = endpoint({
  method: 'GET',
  path: '/api/sellers/:id',
  params: sellerId,
  query: none,
  body: null,
  answer: z.object({
    seller: userWire.pick({ id: true, walletAddress: true, createdAt: true }),
    reputation: reputationWire,
  }),
  spec: false,
  summary: 'a seller’s public record: sales, volume, ratings, disputes, first sale',
});

export const sellerReviews = endpoint({
  method: 'GET',
  path: '/api/sellers/:id/reviews',
  params: sellerId,
  query: z.object({ limit: pageLimit(20, 100), cursor: queryText('cursor') }),
  body: null,
  answer: z.array(reviewWire),
  pagedBy: 'X-Next-Cursor',
  spec: false,
  summary: 'a seller’s reviews, newest first',
});

export const reputations = endpoint({
  method: 'GET',
  path: '/api/reputations',
  params: none,
  query: z.object({
    sellerIds: queryText('sellerIds').transform((text, ctx) => {
      const ids = (text ?? '').split(',').filter(Boolean).map(Number);
      if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: 'sellerIds must be user ids separated by commas' });
        return z.NEVER;
      }
      return ids;
    }),
  }),
  body: null,
  answer: z.array(reputationWire),
  spec: false,
  summary: 'several sellers’ records at once (a page of product cards)',
});

export const notifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  params: none,
  query: none,
  body: null,
  answer: z.object({ items: z.array(notificationWire), unread: z.number().int() }),
  spec: false,
  summary: 'the signed-in user’s newest notifications and the unread count',
});

export const readNotifications = endpoint({
  method: 'POST',
  path: '/api/notifications/read',
  params: none,
  query: none,
  body: jsonObject({
    ids: z
      .union([z.array(z.number().int().positive()).max(200), z.literal('all')], {
        error: 'ids must be a list of notification ids, or "all"',
      })
      .default('all'),
  }),
  answer: z.object({ changed: z.number().int() }),
  spec: false,
  summary: 'marks notifications read (those ids, or all)',
});
