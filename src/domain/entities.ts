import type { DisputeReason, Resolution } from './dispute';
import type { OrderStatus } from './order';
import type { Category, Condition, ProductStatus } from './product';

/*
 * The entities as the code works with them: arrays are arrays, lamports are bigint, prices are
 * exact decimal strings and times ISO-8601 UTC text. How they travel (JSON text inside JSON, the
 * spec's field names) is the contracts' business (src/contracts); how they are stored, the
 * repositories'.
 */

export interface User {
  id: number;
  walletAddress: string;
  username: string;
  createdAt: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  /** SOL, two decimals ("12.50"). */
  price: string;
  category: Category;
  condition: Condition;
  sellerId: number;
  status: ProductStatus;
  location: string | null;
  /** Image URLs, main photo first (`/uploads/...` for what this marketplace stored). */
  images: string[];
  requiresAddress: boolean;
  requiresEmail: boolean;
  requiresName: boolean;
  quantity: number;
  soldQuantity: number;
  /** Days the seller takes to ship after payment (1 to 30): the order's ship-by date. */
  handlingDays: number;
  createdAt: string;
}

/**
 * A listing as an order bought it: what the buyer paid for, whatever the seller edits later (a
 * dispute is judged against this).
 */
export interface ListingAsSold {
  name: string;
  description: string;
  condition: Condition;
  /** Image URLs, main photo first; an edit of the listing does not remove them. */
  images: string[];
}

/** What a dashboard needs to show an order's product without a second call. */
export interface ProductSummary {
  id: number;
  name: string;
  image: string | null;
  status: ProductStatus;
}

export interface Order {
  id: number;
  productId: number;
  buyerId: number;
  sellerId: number;
  price: string;
  status: OrderStatus;
  transactionHash: string | null;
  escrowTransactionHash: string | null;
  releaseTransactionHash: string | null;
  refundTransactionHash: string | null;
  trackingNumber: string | null;
  /** The proof files' names as the seller chose them, for people to read. */
  proofOfDelivery: string | null;
  /** The stored proof files that are images. */
  deliveryImages: string[];
  /**
   * Every stored proof file's name (served at /uploads/{name}). Null only when a list received
   * from elsewhere could not be read (the admin then sees "Invalid file data").
   */
  uploadedFiles: string[] | null;
  buyerAddress: string | null;
  buyerEmail: string | null;
  buyerName: string | null;
  createdAt: string;
  trackingUploadedAt: string | null;
  fundsReleasedAt: string | null;
  refundedAt: string | null;
  /** Buyer and seller protection (src/domain/deadlines.ts); null on orders that predate it. */
  handlingDays: number | null;
  shipBy: string | null;
  /** No tracking by then: the buyer's refund becomes due. */
  autoRefundAt: string | null;
  /** The end of the buyer's inspection period: then the seller's release becomes due. */
  inspectionEndsAt: string | null;
  /** When the buyer confirmed receipt. */
  receivedAt: string | null;
  /** For release_due and refund_due: since when, and why. */
  dueSince: string | null;
  dueReason: string | null;
}

export interface OrderWithProduct extends Order {
  product: ProductSummary | null;
  /**
   * In a buyer's or seller's list: an admin's decision reserved for this order and not yet paid
   * (release: the seller is paid, possibly a split's part; refund: all to the buyer). In multisig
   * mode the party paid claims it; absent elsewhere.
   */
  decided?: 'release' | 'refund' | null;
  /**
   * In a buyer's, seller's or admin's list: the lamports paid back to the buyer out of escrow,
   * as the server recorded them (a refund: the price; a split: the buyer's part); null when
   * nothing came back. The buyer spent the price less this. Absent elsewhere.
   */
  refundedLamports?: bigint | null;
}

export const PAYMENT_STATUSES = ['matched', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A verified incoming escrow payment (the ledger). */
export interface Payment {
  id: number;
  signature: string;
  payerWallet: string;
  lamports: bigint;
  productId: number | null;
  orderId: number | null;
  status: PaymentStatus;
  reason: string | null;
  refundSignature: string | null;
  /** Multisig mode: the escrow token account the payment went into (null in wallet mode). */
  escrowAccount: string | null;
  createdAt: string;
  /** When its refund was recorded (status refunded); null before. */
  refundedAt: string | null;
}

/** The reconciliation of the escrow wallet on chain with orders and the ledger. */
export interface ReconcileReport {
  /** Incoming escrow transfers that bought nothing and were not refunded. */
  unmatchedPayments: {
    signature: string;
    from: string;
    lamports: bigint;
    ledger: PaymentStatus | null;
    /**
     * The marketplace user whose wallet sent it: a buyer's payment that bought nothing (refund
     * due); null for a wallet no one signed in with, such as a fee top-up or a faucet.
     */
    senderUserId: number | null;
  }[];
  /**
   * Wallet mode: transfers out of the escrow wallet that the ledger never recorded (absent in
   * multisig mode, where the escrow wallet, the arbiter's, pays nobody).
   */
  unrecordedPayouts?: {
    signature: string;
    to: string;
    lamports: bigint;
    /** The marketplace user whose wallet received it; null for a wallet no one signed in with. */
    recipientUserId: number | null;
  }[];
  /** Orders whose payment the chain does not show. */
  missingPayments: { orderId: number; signature: string | null; status: OrderStatus }[];
  /**
   * ESCROW_MODE=multisig: every order's own escrow account (absent in wallet mode). Then
   * escrowBalance is what these hold and mustHold what their orders say they must.
   */
  escrowAccounts?: {
    orderId: number;
    /** null: the payment names none. */
    account: string | null;
    /** What it holds (its token amount); null: it is closed or not a token account. */
    lamports: bigint | null;
    price: bigint;
  }[];
  /**
   * ESCROW_MODE=multisig: every payment that bought nothing still due a refund, in its own escrow
   * account (counted in escrowBalance and mustHold too).
   */
  refundDueAccounts?: {
    signature: string;
    account: string;
    /** What it holds now; null: closed or not a token account. */
    lamports: bigint | null;
    /** What the payment paid in. */
    due: bigint;
  }[];
  escrowBalance: bigint;
  /** What orders in escrow and refund-due payments say the wallet must hold. */
  mustHold: bigint;
  /** escrowBalance − mustHold: negative means the escrow is short. */
  difference: bigint;
}

export const DISPUTE_PARTIES = ['buyer', 'seller'] as const;
export type DisputeParty = (typeof DISPUTE_PARTIES)[number];

/** A problem a buyer or seller reported; an admin resolves it by paying out the escrow. */
export interface Dispute {
  id: number;
  orderId: number;
  openedBy: DisputeParty;
  reason: DisputeReason;
  openedAt: string;
  resolution: Resolution | null;
  /** What each side was paid when it was resolved. */
  sellerLamports: bigint | null;
  buyerLamports: bigint | null;
  resolvedAt: string | null;
}

export type MessageRole = 'buyer' | 'seller' | 'admin';

/** One message of an order's thread between its buyer, its seller and the admins. */
export interface OrderMessage {
  id: number;
  orderId: number;
  authorId: number;
  role: MessageRole;
  body: string;
  /** Stored file names (served at /uploads/{name}, to the order's parties and admins only). */
  files: string[];
  /**
   * The names the files were uploaded under, one per file in the same order (at most 100
   * characters each); a message from before they were kept shows the stored names.
   */
  fileNames: string[];
  createdAt: string;
}

/** One part of a payout out of escrow (a split has two), as the chain shows it was paid. */
export interface Payout {
  id: number;
  orderId: number;
  signature: string;
  recipient: DisputeParty;
  wallet: string;
  lamports: bigint;
  action: Resolution;
  createdAt: string;
}

/**
 * A payout about to be sent. Only one may be open per order, whoever sends it (the settlement
 * runner, an admin in the browser or the CLI); its reference key, carried by the transfer, finds
 * the transaction on chain if the sender never comes back.
 */
export interface PayoutAttempt {
  id: number;
  orderId: number;
  action: Resolution;
  sellerLamports: bigint;
  buyerLamports: bigint;
  reference: string;
  lastValidBlockHeight: bigint;
  signature: string | null;
  status: 'open' | 'done' | 'abandoned';
  madeBy: 'settlement' | 'admin';
  createdAt: string;
  closedAt: string | null;
}

/** A buyer's rating of the seller of a completed order, and the seller's one answer. */
export interface Review {
  id: number;
  orderId: number;
  sellerId: number;
  buyerId: number;
  rating: number;
  comment: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
}

/**
 * A seller's record, computed from orders, disputes and reviews (never stored by hand): what a
 * buyer weighs before paying an address it does not know.
 */
export interface Reputation {
  sellerId: number;
  /** null until the first review. */
  averageRating: number | null;
  reviews: number;
  completedSales: number;
  /** Sum of the completed orders' prices, SOL ("12.50"). */
  volume: string;
  /** Paid orders in all (the share disputed counts against these). */
  paidOrders: number;
  disputes: number;
  /** Disputes resolved by refunding the buyer in full. */
  disputesLost: number;
  firstSaleAt: string | null;
}

export const NOTIFICATION_KINDS = [
  'sale',
  'shipped',
  'released',
  'refunded',
  'dispute',
  'message',
  'review',
  'due',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface Notification {
  id: number;
  userId: number;
  kind: NotificationKind;
  orderId: number | null;
  text: string;
  createdAt: string;
  readAt: string | null;
  /**
   * In a reader's list: the reader's part in the order (where a link to it leads: My Purchases
   * or Your Sales); null without an order, or for one the reader is no party to. Absent elsewhere.
   */
  role?: 'buyer' | 'seller' | null;
}

export const EVENT_TOPICS = ['order', 'product', 'review', 'message', 'notification'] as const;
export type EventTopic = (typeof EVENT_TOPICS)[number];

/**
 * Something a screen shows changed: which thing (topic and id), never its contents; a client
 * reads those through the calls it may make. `subjectId` is the order, product, seller (review)
 * or notification.
 */
export interface MarketEvent {
  id: bigint;
  topic: EventTopic;
  subjectId: number;
  /** Who may hear of it: these users, admins, everyone. */
  userIds: number[];
  admins: boolean;
  public: boolean;
  createdAt: string;
}
