import type { MarketEvent, Notification, Review } from '../../domain/entities';

// Rows of reviews, notifications and events (migrations/20250101000007_reputation_events.ts).
const iso = (t: Date) => t.toISOString();
const isoOrNull = (t: Date | null) => (t ? t.toISOString() : null);

export interface ReviewRow {
  id: number;
  order_id: number;
  seller_id: number;
  buyer_id: number;
  rating: number;
  comment: string;
  created_at: Date;
  reply: string | null;
  replied_at: Date | null;
}

export const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  orderId: r.order_id,
  sellerId: r.seller_id,
  buyerId: r.buyer_id,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: iso(r.created_at),
  reply: r.reply,
  repliedAt: isoOrNull(r.replied_at),
});

export interface NotificationRow {
  id: number;
  user_id: number;
  kind: Notification['kind'];
  order_id: number | null;
  text: string;
  created_at: Date;
  read_at: Date | null;
  /** In a reader's list (joined with the order). */
  role?: 'buyer' | 'seller' | null;
}

export const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  orderId: r.order_id,
  text: r.text,
  createdAt: iso(r.created_at),
  readAt: isoOrNull(r.read_at),
  ...(r.role !== undefined ? { role: r.role } : {}),
});

export interface EventRow {
  id: string | bigint;
  topic: MarketEvent['topic'];
  subject_id: number;
  user_ids: number[];
  admins: boolean;
  public: boolean;
  created_at: Date;
}

export const toEvent = (r: EventRow): MarketEvent => ({
  id: BigInt(r.id),
  topic: r.topic,
  subjectId: r.subject_id,
  userIds: [...r.user_ids],
  admins: r.admins,
  public: r.public,
  createdAt: iso(r.created_at),
});
