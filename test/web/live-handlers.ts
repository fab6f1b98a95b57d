import './event-source';
import { http, HttpResponse, sse } from 'msw';
import type { Reputation } from '@src/domain/entities';
import {
  notifications,
  orderReview,
  readNotifications,
  replyToReview,
  reputations,
  reviewOrder,
  sellerProfile,
  sellerReviews,
} from '@src/contracts/reviews';
import { formatSol, sumLamports } from '@src/domain/money';
import { api } from './api-state';
import { reply } from './wire';

const error = (status: number, message: string) =>
  HttpResponse.json({ error: message }, { status });
const signedInUser = () => api.state.users.find((u) => u.walletAddress === api.state.sessionWallet);

/** Like the server: the record computed from the fake's orders and reviews. */
export function reputationOf(sellerId: number): Reputation {
  const orders = api.state.orders.filter((o) => o.sellerId === sellerId);
  const completed = orders.filter((o) => o.status === 'completed');
  const reviews = api.state.reviews.filter((r) => r.sellerId === sellerId);
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  const first = completed.map((o) => o.createdAt).sort()[0] ?? null;
  return {
    sellerId,
    averageRating: reviews.length ? total / reviews.length : null,
    reviews: reviews.length,
    completedSales: completed.length,
    volume: formatSol(sumLamports(completed.map((o) => o.price)), 2),
    paidOrders: orders.filter((o) => o.status !== 'pending').length,
    disputes: orders.filter((o) => o.status === 'disputed').length,
    disputesLost: 0,
    firstSaleAt: first,
  };
}

export const liveHandlers = [
  // The stream stays open; tests push events through api.state.streams.
  sse<{ change: unknown; reset: unknown; ready: unknown }>('/api/events', ({ client, request }) => {
    const stream = {
      client,
      lastEventId: request.headers.get('Last-Event-ID'),
      url: request.url,
      wallet: api.state.sessionWallet,
    };
    api.state.streams.push(stream);
    request.signal.addEventListener('abort', () => {
      api.state.streams = api.state.streams.filter((s) => s !== stream);
    });
  }),
  http.get('/api/notifications', () => {
    const user = signedInUser();
    if (!user) return error(401, 'Sign in first');
    const items = api.state.notifications.filter((n) => n.userId === user.id);
    const unread = items.filter((n) => n.readAt === null).length;
    return reply(notifications, { items, unread });
  }),
  http.post('/api/notifications/read', async ({ request }) => {
    const user = signedInUser();
    if (!user) return error(401, 'Sign in first');
    const { ids } = (await request.json()) as { ids: number[] | 'all' };
    api.state.notificationReads.push(ids);
    let changed = 0;
    for (const n of api.state.notifications) {
      if (n.userId !== user.id || n.readAt !== null) continue;
      if (ids !== 'all' && !ids.includes(n.id)) continue;
      n.readAt = '2025-04-01T00:00:00.000Z';
      changed += 1;
    }
    return reply(readNotifications, { changed });
  }),
  http.get('/api/reputations', ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('sellerIds') ?? '').split(',').map(Number);
    return reply(reputations, ids.map(reputationOf));
  }),
  http.get('/api/sellers/:id', ({ params }) => {
    const seller = api.state.users.find((u) => u.id === Number(params.id));
    if (!seller) return error(404, 'Seller not found');
    const { id, walletAddress, createdAt } = seller;
    return reply(sellerProfile, {
      seller: { id, walletAddress, createdAt },
      reputation: reputationOf(seller.id),
    });
  }),
  http.get('/api/sellers/:id/reviews', ({ params }) =>
    reply(
      sellerReviews,
      api.state.reviews
        .filter((r) => r.sellerId === Number(params.id))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    ),
  ),
  http.get('/api/orders/:id/review', ({ params }) =>
    reply(orderReview, {
      review: api.state.reviews.find((r) => r.orderId === Number(params.id)) ?? null,
    }),
  ),
  http.post('/api/orders/:id/review', async ({ params, request }) => {
    const order = api.state.orders.find((o) => o.id === Number(params.id));
    const user = signedInUser();
    if (!order) return error(404, 'Order not found');
    if (!user || order.buyerId !== user.id) {
      return error(403, 'Only the buyer of this order can review it');
    }
    if (order.status !== 'completed') {
      return error(409, 'An order can be reviewed once it is completed');
    }
    if (api.state.reviews.some((r) => r.orderId === order.id)) {
      return error(409, 'This order has been reviewed already');
    }
    const body = (await request.json()) as { rating: number; comment: string };
    const review = {
      id: api.state.reviews.length + 1,
      orderId: order.id,
      sellerId: order.sellerId,
      buyerId: order.buyerId,
      rating: body.rating,
      comment: body.comment,
      createdAt: '2025-04-01T00:00:00.000Z',
      reply: null,
      repliedAt: null,
    };
    api.state.reviews.push(review);
    return reply(reviewOrder, review, { status: 201 });
  }),
  http.post('/api/orders/:id/review/reply', async ({ params, request }) => {
    const review = api.state.reviews.find((r) => r.orderId === Number(params.id));
    if (!review) return error(409, 'This order has no review to answer');
    if (review.reply !== null) return error(409, 'This review has been answered already');
    const body = (await request.json()) as { reply: string };
    review.reply = body.reply;
    review.repliedAt = '2025-04-02T00:00:00.000Z';
    return reply(replyToReview, review);
  }),
];
