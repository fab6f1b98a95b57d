import type {
  IncomingTransfer,
  OutgoingTransfer,
  RefundReservation,
  SignaturePurpose,
} from '../../app/ports';
import type {
  Dispute,
  ListingAsSold,
  MarketEvent,
  Notification,
  Order,
  OrderMessage,
  Payment,
  Payout,
  PayoutAttempt,
  Product,
  Review,
  User,
} from '../../domain/entities';

/*
 * The rows of the in-memory store, one Map per table of the schema (migrations/), keyed by
 * primary key. Rows are frozen and replaced on change, never edited in place, so a transaction's
 * working copy needs only copies of the Maps, and a row handed out can be copied cheaply.
 */

export interface SessionRow {
  tokenHash: string;
  userId: number;
  walletAddress: string;
  expiresAt: number;
  revokedAt: number | null;
}

export interface NonceRow {
  nonce: string;
  walletAddress: string;
  message: string;
  expiresAt: number;
  usedAt: number | null;
}

export interface SignatureRow {
  signature: string;
  purpose: SignaturePurpose;
  orderId: number | null;
}

/** An order as stored: its file lists are never null (an empty list is none). */
export type OrderRow = Omit<Order, 'uploadedFiles'> & { uploadedFiles: string[] };

export interface Tables {
  users: Map<number, Readonly<User>>;
  products: Map<number, Readonly<Product>>;
  orders: Map<number, Readonly<OrderRow>>;
  payments: Map<number, Readonly<Payment>>;
  signatures: Map<string, Readonly<SignatureRow>>;
  sessions: Map<string, Readonly<SessionRow>>;
  nonces: Map<string, Readonly<NonceRow>>;
  disputes: Map<number, Readonly<Dispute>>;
  messages: Map<number, Readonly<OrderMessage>>;
  payouts: Map<number, Readonly<Payout>>;
  payoutAttempts: Map<number, Readonly<PayoutAttempt>>;
  reviews: Map<number, Readonly<Review>>;
  notifications: Map<number, Readonly<Notification>>;
  events: Map<bigint, Readonly<MarketEvent>>;
  chainTransfers: Map<string, Readonly<IncomingTransfer & { wallet: string }>>;
  chainOutgoing: Map<string, Readonly<OutgoingTransfer & { wallet: string }>>;
  chainCursors: Map<string, string | null>;
  /** A payment's refund reserved (payments.refund_reference, refund_valid_until), by signature. */
  refundReservations: Map<string, Readonly<RefundReservation>>;
  /** An order's listing as sold (orders.listing_as_sold), by order id. */
  listingsAsSold: Map<number, Readonly<ListingAsSold>>;
}

export const emptyTables = (): Tables => ({
  users: new Map(),
  products: new Map(),
  orders: new Map(),
  payments: new Map(),
  signatures: new Map(),
  sessions: new Map(),
  nonces: new Map(),
  disputes: new Map(),
  messages: new Map(),
  payouts: new Map(),
  payoutAttempts: new Map(),
  reviews: new Map(),
  notifications: new Map(),
  events: new Map(),
  chainTransfers: new Map(),
  chainOutgoing: new Map(),
  chainCursors: new Map(),
  refundReservations: new Map(),
  listingsAsSold: new Map(),
});

/** A working copy for a transaction: new Maps holding the same (frozen) rows. */
export const copyTables = (t: Tables): Tables => ({
  users: new Map(t.users),
  products: new Map(t.products),
  orders: new Map(t.orders),
  payments: new Map(t.payments),
  signatures: new Map(t.signatures),
  sessions: new Map(t.sessions),
  nonces: new Map(t.nonces),
  disputes: new Map(t.disputes),
  messages: new Map(t.messages),
  payouts: new Map(t.payouts),
  payoutAttempts: new Map(t.payoutAttempts),
  reviews: new Map(t.reviews),
  notifications: new Map(t.notifications),
  events: new Map(t.events),
  chainTransfers: new Map(t.chainTransfers),
  chainOutgoing: new Map(t.chainOutgoing),
  chainCursors: new Map(t.chainCursors),
  refundReservations: new Map(t.refundReservations),
  listingsAsSold: new Map(t.listingsAsSold),
});

/** Freezes a row and the lists it holds, so no caller can change what is stored. */
export function frozen<T extends object>(row: T): Readonly<T> {
  for (const value of Object.values(row)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(row);
}

/** Newest first: creation time, then id, descending (the order every list promises). */
export const newestFirst = (
  a: { createdAt: string; id: number },
  b: { createdAt: string; id: number },
) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;
