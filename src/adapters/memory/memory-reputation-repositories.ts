import type {
  NewNotification,
  NewReview,
  NotificationRepository,
  ReviewRepository,
} from '../../app/ports';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type Reputation,
  type Review,
} from '../../domain/entities';
import { formatSol, solToLamports } from '../../domain/money';
import { missingReference, uniqueViolation } from '../schema/constraint-errors';
import { pageOf, pageStart } from '../schema/cursor';
import { checks, int4, timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { emit } from './memory-events';
import { frozen, newestFirst, type Tables } from './tables';

export class MemoryReviewRepository implements ReviewRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  create(input: NewReview): Promise<Review> {
    return this.scope.write((tables) => {
      checks({
        reviews_rating_range:
          Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5,
        reviews_comment_length: input.comment.length <= 1000,
      });
      if (!tables.orders.has(int4(input.orderId))) {
        throw missingReference('order_id', 'reviews_order_id_fkey');
      }
      if ([...tables.reviews.values()].some((r) => r.orderId === input.orderId)) {
        throw uniqueViolation('reviews_order_key');
      }
      const review: Review = {
        ...input,
        id: this.db.nextId('reviews'),
        createdAt: timestamp(this.scope.now()),
        reply: null,
        repliedAt: null,
      };
      tables.reviews.set(review.id, frozen(review));
      this.event(tables, review);
      return { ...review };
    });
  }

  async findByOrder(orderId: number): Promise<Review | null> {
    const found = [...this.scope.read().reviews.values()].find((r) => r.orderId === orderId);
    return found ? { ...found } : null;
  }

  reply(orderId: number, reply: string, at: Date): Promise<Review | null> {
    return this.scope.write((tables) => {
      const found = [...tables.reviews.values()].find(
        (r) => r.orderId === orderId && r.reply === null,
      );
      if (!found) return null;
      checks({ reviews_reply_length: reply.length <= 1000 });
      const answered = { ...found, reply, repliedAt: timestamp(at) };
      tables.reviews.set(found.id, frozen(answered));
      this.event(tables, answered);
      return { ...answered };
    });
  }

  async listBySeller(sellerId: number, page: { limit: number; cursor?: string }) {
    const after = pageStart(page);
    const rows = [...this.scope.read().reviews.values()]
      .filter((r) => r.sellerId === sellerId)
      .sort(newestFirst)
      .filter((r) => !after || newestFirst(r, after) > 0)
      .slice(0, page.limit + 1)
      .map((r) => ({ ...r }));
    return pageOf(rows, page.limit);
  }

  async reputations(sellerIds: readonly number[]): Promise<Reputation[]> {
    const tables = this.scope.read();
    return sellerIds.map((sellerId) => reputationOf(tables, sellerId));
  }

  private event(tables: Tables, review: Review) {
    emit(this.db, this.scope, tables, {
      topic: 'review',
      subjectId: review.sellerId,
      userIds: [review.buyerId, review.sellerId],
      admins: true,
      public: true,
    });
  }
}

/** The lamports paid back to an order's buyer out of escrow (a split's part, a refund). */
function paidToBuyer(tables: Tables, orderId: number): bigint {
  let paid = 0n;
  for (const p of tables.payouts.values()) {
    if (p.orderId === orderId && p.recipient === 'buyer') paid += p.lamports;
  }
  return paid;
}

function reputationOf(tables: Tables, sellerId: number): Reputation {
  const orders = [...tables.orders.values()].filter((o) => o.sellerId === sellerId);
  const paid = orders.filter((o) => o.status !== 'pending');
  const completed = orders.filter((o) => o.status === 'completed');
  const ids = new Set(orders.map((o) => o.id));
  const disputes = [...tables.disputes.values()].filter((d) => ids.has(d.orderId));
  const reviews = [...tables.reviews.values()].filter((r) => r.sellerId === sellerId);
  const first = paid.map((o) => o.createdAt).sort()[0] ?? null;
  const ratings = reviews.reduce((sum, r) => sum + r.rating, 0);
  return {
    sellerId,
    averageRating: reviews.length ? Math.round((ratings / reviews.length) * 100) / 100 : null,
    reviews: reviews.length,
    completedSales: completed.length,
    // What the seller kept: a split's part went back to the buyer.
    volume: formatSol(
      completed.reduce((sum, o) => sum + solToLamports(o.price) - paidToBuyer(tables, o.id), 0n),
      2,
    ),
    paidOrders: paid.length,
    disputes: disputes.length,
    disputesLost: disputes.filter((d) => d.resolution === 'refund').length,
    firstSaleAt: first,
  };
}

export class MemoryNotificationRepository implements NotificationRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  add(input: NewNotification): Promise<Notification> {
    return this.scope.write((tables) => {
      checks({
        notifications_kind_valid: (NOTIFICATION_KINDS as readonly string[]).includes(input.kind),
      });
      if (!tables.users.has(int4(input.userId))) {
        throw missingReference('user_id', 'notifications_user_id_fkey');
      }
      const note: Notification = {
        ...input,
        id: this.db.nextId('notifications'),
        createdAt: timestamp(this.scope.now()),
        readAt: null,
      };
      tables.notifications.set(note.id, frozen(note));
      this.event(tables, note);
      return { ...note };
    });
  }

  async list(userId: number, limit: number) {
    const tables = this.scope.read();
    const mine = [...tables.notifications.values()].filter((n) => n.userId === userId);
    const roleIn = (orderId: number | null) => {
      const order = orderId === null ? undefined : tables.orders.get(orderId);
      if (order?.buyerId === userId) return 'buyer' as const;
      if (order?.sellerId === userId) return 'seller' as const;
      return null;
    };
    return {
      items: mine
        .sort((a, b) => b.id - a.id)
        .slice(0, limit)
        .map((n) => ({ ...n, role: roleIn(n.orderId) })),
      unread: mine.filter((n) => n.readAt === null).length,
    };
  }

  markRead(userId: number, ids: readonly number[] | 'all', at: Date): Promise<number> {
    return this.scope.write((tables) => {
      let changed = 0;
      for (const note of tables.notifications.values()) {
        if (note.userId !== userId || note.readAt !== null) continue;
        if (ids !== 'all' && !ids.includes(note.id)) continue;
        const read = { ...note, readAt: timestamp(at) };
        tables.notifications.set(note.id, frozen(read));
        this.event(tables, read);
        changed += 1;
      }
      return changed;
    });
  }

  private event(tables: Tables, note: Notification) {
    emit(this.db, this.scope, tables, {
      topic: 'notification',
      subjectId: note.id,
      userIds: [note.userId],
      admins: false,
      public: false,
    });
  }
}
