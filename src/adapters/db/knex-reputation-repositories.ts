import type { Knex } from 'knex';
import type {
  EventRepository,
  NewNotification,
  NewReview,
  NotificationRepository,
  ReviewRepository,
} from '../../app/ports';
import type { MarketEvent, Notification, Reputation, Review } from '../../domain/entities';
import { formatPrice } from '../../domain/money';
import { pageOf, pageStart } from '../schema/cursor';
import { guard } from './db-errors';
import {
  toEvent,
  toNotification,
  toReview,
  type EventRow,
  type NotificationRow,
  type ReviewRow,
} from './reputation-rows';

type Db = Knex | Knex.Transaction;

/** reviews, and the reputation computed from orders, disputes and reviews. */
export class KnexReviewRepository implements ReviewRepository {
  constructor(private readonly db: Db) {}

  create(input: NewReview): Promise<Review> {
    return guard(async () => {
      const [row] = await this.db('reviews')
        .insert({
          order_id: input.orderId,
          seller_id: input.sellerId,
          buyer_id: input.buyerId,
          rating: input.rating,
          comment: input.comment,
        })
        .returning('*');
      return toReview(row as ReviewRow);
    });
  }

  findByOrder(orderId: number): Promise<Review | null> {
    return guard(async () => {
      const row = await this.db<ReviewRow>('reviews').where({ order_id: orderId }).first();
      return row ? toReview(row) : null;
    });
  }

  reply(orderId: number, reply: string, at: Date): Promise<Review | null> {
    return guard(async () => {
      const [row] = await this.db('reviews')
        .where({ order_id: orderId })
        .whereNull('reply')
        .update({ reply, replied_at: at })
        .returning('*');
      return row ? toReview(row as ReviewRow) : null;
    });
  }

  listBySeller(sellerId: number, page: { limit: number; cursor?: string }) {
    const after = pageStart(page);
    return guard(async () => {
      const q = this.db<ReviewRow>('reviews').where({ seller_id: sellerId });
      if (after) {
        q.whereRaw('(created_at, id) < (?::timestamptz, ?::integer)', [after.createdAt, after.id]);
      }
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit + 1);
      return pageOf(rows.map(toReview), page.limit);
    });
  }

  reputations(sellerIds: readonly number[]): Promise<Reputation[]> {
    if (sellerIds.length === 0) return Promise.resolve([]);
    return guard(async () => {
      // One statement: each seller's orders, disputes and reviews, aggregated side by side.
      const { rows } = (await this.db.raw(
        `SELECT s.id AS seller_id,
          (SELECT count(*) FROM orders o WHERE o.seller_id = s.id AND o.status = 'completed') AS completed,
          (SELECT round(coalesce(sum(o.price - coalesce((SELECT sum(p.lamports) FROM payouts p
                     WHERE p.order_id = o.id AND p.recipient = 'buyer'), 0) / 1000000000.0), 0), 9)::text
             FROM orders o WHERE o.seller_id = s.id AND o.status = 'completed') AS volume,
          (SELECT count(*) FROM orders o WHERE o.seller_id = s.id AND o.status <> 'pending') AS paid,
          (SELECT min(o.created_at) FROM orders o WHERE o.seller_id = s.id AND o.status <> 'pending') AS first_sale,
          (SELECT count(*) FROM disputes d JOIN orders o ON o.id = d.order_id WHERE o.seller_id = s.id) AS disputes,
          (SELECT count(*) FROM disputes d JOIN orders o ON o.id = d.order_id
            WHERE o.seller_id = s.id AND d.resolution = 'refund') AS lost,
          (SELECT count(*) FROM reviews r WHERE r.seller_id = s.id) AS reviews,
          (SELECT avg(r.rating)::float8 FROM reviews r WHERE r.seller_id = s.id) AS average
        FROM unnest(ARRAY[${sellerIds.map(() => '?::integer').join(', ')}]) AS s(id)`,
        [...sellerIds],
      )) as { rows: Record<string, unknown>[] };
      return rows.map((r) => ({
        sellerId: Number(r.seller_id),
        averageRating: r.average === null ? null : Math.round(Number(r.average) * 100) / 100,
        reviews: Number(r.reviews),
        completedSales: Number(r.completed),
        volume: formatPrice(String(r.volume), 2),
        paidOrders: Number(r.paid),
        disputes: Number(r.disputes),
        disputesLost: Number(r.lost),
        firstSaleAt: r.first_sale ? (r.first_sale as Date).toISOString() : null,
      }));
    });
  }
}

export class KnexNotificationRepository implements NotificationRepository {
  constructor(private readonly db: Db) {}

  add(input: NewNotification): Promise<Notification> {
    return guard(async () => {
      const [row] = await this.db('notifications')
        .insert({
          user_id: input.userId,
          kind: input.kind,
          order_id: input.orderId,
          text: input.text,
        })
        .returning('*');
      return toNotification(row as NotificationRow);
    });
  }

  list(userId: number, limit: number) {
    return guard(async () => {
      const rows: NotificationRow[] = await this.db('notifications as n')
        .leftJoin('orders as o', 'o.id', 'n.order_id')
        .where('n.user_id', userId)
        .orderBy('n.id', 'desc')
        .limit(limit)
        .select(
          'n.*',
          this.db.raw(
            "CASE WHEN o.buyer_id = n.user_id THEN 'buyer' WHEN o.seller_id = n.user_id THEN 'seller' END AS role",
          ),
        );
      const [{ unread }] = (await this.db('notifications')
        .where({ user_id: userId })
        .whereNull('read_at')
        .count({ unread: '*' })) as [{ unread: bigint | string | number }];
      return { items: rows.map(toNotification), unread: Number(unread) };
    });
  }

  markRead(userId: number, ids: readonly number[] | 'all', at: Date): Promise<number> {
    return guard(async () => {
      const q = this.db('notifications').where({ user_id: userId }).whereNull('read_at');
      if (ids !== 'all') q.whereIn('id', [...ids]);
      const changed = await q.update({ read_at: at }).returning('id');
      return changed.length;
    });
  }
}

export class KnexEventRepository implements EventRepository {
  constructor(private readonly db: Db) {}

  since(afterId: bigint, limit: number): Promise<MarketEvent[]> {
    return guard(async () => {
      const rows: EventRow[] = await this.db('events')
        .where('id', '>', afterId.toString())
        .orderBy('id', 'asc')
        .limit(limit);
      return rows.map(toEvent);
    });
  }

  findById(id: bigint): Promise<MarketEvent | null> {
    return guard(async () => {
      const row = await this.db<EventRow>('events').where({ id: id.toString() }).first();
      return row ? toEvent(row) : null;
    });
  }

  latestId(): Promise<bigint> {
    return guard(async () => {
      const row = (await this.db('events').max({ id: 'id' }).first()) as
        { id: unknown } | undefined;
      return row?.id === null || row?.id === undefined ? 0n : BigInt(row.id as string);
    });
  }

  prune(before: Date): Promise<number> {
    return guard(async () => {
      const gone = await this.db('events')
        .where('created_at', '<', before)
        .delete()
        .returning('id');
      return gone.length;
    });
  }
}
