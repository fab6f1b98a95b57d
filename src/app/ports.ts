import type {
  Dispute,
  ListingAsSold,
  MarketEvent,
  Notification,
  Order,
  OrderMessage,
  Payout,
  PayoutAttempt,
  OrderWithProduct,
  Payment,
  PaymentStatus,
  Product,
  Reputation,
  Review,
  User,
} from '../domain/entities';
import type { OrderStatus } from '../domain/order';
import type { Category, ProductStatus } from '../domain/product';

// ---------------------------------------------------------------- persistence

export interface UserRepository {
  findById(id: number): Promise<User | null>;
  findByWallet(walletAddress: string): Promise<User | null>;
  /** Creates the user; a wallet that already has one gets a `conflict` DomainError. */
  create(input: { walletAddress: string; username: string }): Promise<User>;
  /** The wallet's user, created (empty username) if there is none; safe under concurrency. */
  findOrCreate(walletAddress: string): Promise<User>;
}

export interface ProductQuery {
  statuses: readonly ProductStatus[];
  sellerId?: number;
  category?: Category;
  /** Case-insensitive substring of name or description; `%` and `_` are literal. */
  search?: string;
  limit: number;
  /** Opaque cursor from a previous page's `nextCursor`. An invalid one is a validation error. */
  cursor?: string;
}

export type NewProduct = Omit<Product, 'id' | 'createdAt' | 'soldQuantity'>;
/** What an edit was planned from: the product's status and units sold when it was read. */
export interface ProductExpectation {
  status: ProductStatus;
  soldQuantity: number;
  /** The images as read: an edit that keeps one must not land after another edit dropped it. */
  images: readonly string[];
}

export type ProductPatch = Partial<Omit<Product, 'id' | 'createdAt' | 'sellerId' | 'soldQuantity'>>;

export interface ProductRepository {
  findById(id: number): Promise<Product | null>;
  /** Newest first (createdAt, then id, descending). */
  list(query: ProductQuery): Promise<{ items: Product[]; nextCursor: string | null }>;
  /**
   * The same page as list(), its items already as the JSON text of an API answer: the array of
   * products in their wire form (the contract's productWire), byte for byte what encoding
   * list()'s items gives (test/contracts/store pins it). For the lists read most, so that a
   * database that can write the text itself spares the server reading rows and writing JSON.
   */
  listEncoded(query: ProductQuery): Promise<{ json: string; nextCursor: string | null }>;
  create(input: NewProduct): Promise<Product>;
  /**
   * Applies `patch` to the product, or to it only while it is as `expected` (what an edit was
   * planned from); null when there is no such product (or it changed meanwhile).
   */
  update(id: number, patch: ProductPatch, expected?: ProductExpectation): Promise<Product | null>;
  /**
   * Writes a status the product lifecycle (src/domain/product-lifecycle.ts) decided. A final
   * status (deleted, removed) is never moved, whoever asks meanwhile: null then.
   */
  setStatus(id: number, status: ProductStatus): Promise<Product | null>;
  /** Deletes the row; returns false when orders reference it (nothing is deleted then). */
  deleteIfUnreferenced(id: number): Promise<boolean>;
  /**
   * Takes one unit of stock with a guarded update (the lifecycle's `canSell`: status active and
   * soldQuantity < quantity), locking the row for the rest of the transaction. Returns the
   * product with the unit counted (its status not yet moved), or null when none could be taken.
   */
  takeUnit(id: number): Promise<Product | null>;
  /** Gives one unit back (refund), locking the row; the status is the caller's to move. */
  returnUnit(id: number): Promise<Product | null>;
}

export type NewOrder = Pick<
  Order,
  'productId' | 'buyerId' | 'sellerId' | 'price' | 'status' | 'escrowTransactionHash'
> &
  Partial<
    Pick<
      Order,
      | 'transactionHash'
      | 'buyerAddress'
      | 'buyerEmail'
      | 'buyerName'
      | 'handlingDays'
      | 'shipBy'
      | 'autoRefundAt'
    >
  >;

export type OrderPatch = Partial<
  Pick<
    Order,
    | 'status'
    | 'trackingNumber'
    | 'proofOfDelivery'
    | 'deliveryImages'
    | 'uploadedFiles'
    | 'releaseTransactionHash'
    | 'refundTransactionHash'
    | 'trackingUploadedAt'
    | 'fundsReleasedAt'
    | 'refundedAt'
    | 'inspectionEndsAt'
    | 'receivedAt'
    | 'dueSince'
    | 'dueReason'
  >
>;

/** A verified payment that buys one unit: what `OrderRepository.recordSale` stores at once. */
export interface NewSale {
  /** The order to store (its `escrowTransactionHash` is `signature`). */
  order: NewOrder;
  /** The payment: its signature (claimed), payer and amount, for the ledger. */
  signature: string;
  payerWallet: string;
  lamports: bigint;
  /** Multisig mode: the escrow account the payment went into (null in wallet mode). */
  escrowAccount: string | null;
  /** The seller's note of the sale (it names the new order). */
  note: string;
  /** The ledger's reason when no unit can be taken (the product sold out or went away). */
  unavailableReason: string;
}

export interface OrderRepository {
  findById(id: number): Promise<OrderWithProduct | null>;
  findByEscrowSignature(signature: string): Promise<Order | null>;
  create(input: NewOrder): Promise<Order>;
  /**
   * A sale in one step, all or nothing: claims the payment's signature (a claimed one is a
   * conflict: it settles nothing else, ever), takes one unit of the product while it is active
   * and in stock (the last unit sells it out, as `statusAfterSale` says), stores the order, its
   * matched payment in the ledger and the seller's `sale` notification. When no unit can be
   * taken, the claim and a refund-due payment with `unavailableReason` are stored instead, and
   * the answer is null.
   */
  recordSale(sale: NewSale): Promise<Order | null>;
  /**
   * The listing as the order bought it, kept by `recordSale` from the product row it took the
   * unit of; null for an order from before that was kept (or not made by a sale).
   */
  listingAsSold(orderId: number): Promise<ListingAsSold | null>;
  /** Every image the product's orders were sold with: an edit of the listing keeps these. */
  imagesSoldWith(productId: number): Promise<string[]>;
  /** Newest first, each with its product summary. */
  listByBuyer(buyerId: number): Promise<OrderWithProduct[]>;
  listBySeller(sellerId: number): Promise<OrderWithProduct[]>;
  listByStatus(statuses: readonly OrderStatus[]): Promise<OrderWithProduct[]>;
  /**
   * Orders a payout may be due for at `now`: release_due and refund_due, and those whose
   * deadline passed (tracking_uploaded past its inspection end, escrow_held past its auto-refund
   * date). Oldest deadline first.
   */
  listDueCandidates(now: Date): Promise<OrderWithProduct[]>;
  /**
   * Applies the patch only while the order is still in `expected` status (a guarded update);
   * returns null when it no longer is.
   */
  update(id: number, expected: OrderStatus, patch: OrderPatch): Promise<Order | null>;
}

export type NewPayment = Omit<
  Payment,
  'id' | 'refundSignature' | 'createdAt' | 'escrowAccount' | 'refundedAt'
> &
  Partial<Pick<Payment, 'escrowAccount'>>;

export interface PaymentRepository {
  record(input: NewPayment): Promise<Payment>;
  findBySignature(signature: string): Promise<Payment | null>;
  listByStatus(status: PaymentStatus): Promise<Payment[]>;
  /** One wallet's payments, oldest first. */
  listByPayer(wallet: string): Promise<Payment[]>;
  list(): Promise<Payment[]>;
  /** Null when there is no such payment, or (with `expected`) when it is in another status. */
  update(
    signature: string,
    patch: Partial<Pick<Payment, 'orderId' | 'status' | 'reason' | 'refundSignature'>>,
    expected?: PaymentStatus,
  ): Promise<Payment | null>;
  /** The refund reserved for a payment that bought nothing, if any. */
  refundReservation(signature: string): Promise<RefundReservation | null>;
  /**
   * Reserves the refund of a payment that is `refund_due`, in place of `replacing` (the
   * reference of a reservation that died; null when there was none). False when the payment is
   * no longer due, or another reservation took its place first.
   */
  reserveRefund(
    signature: string,
    next: RefundReservation,
    replacing: string | null,
  ): Promise<boolean>;
}

/**
 * A refund of a payment that bought nothing, reserved before it is sent: the reference its
 * transfer carries, and the last block height of that transfer's blockhash.
 */
export interface RefundReservation {
  reference: string;
  lastValidBlockHeight: bigint;
}

export type NewDispute = Pick<Dispute, 'orderId' | 'openedBy' | 'reason'>;

export interface DisputeRepository {
  /** Opens the order's dispute; an order has at most one (`conflict` otherwise). */
  open(input: NewDispute): Promise<Dispute>;
  findByOrder(orderId: number): Promise<Dispute | null>;
  /** Records how it was settled (once: a resolved dispute is not resolved again). */
  resolve(
    orderId: number,
    outcome: Pick<Dispute, 'resolution' | 'sellerLamports' | 'buyerLamports' | 'resolvedAt'>,
  ): Promise<Dispute | null>;
}

export type NewMessage = Pick<
  OrderMessage,
  'orderId' | 'authorId' | 'role' | 'body' | 'files' | 'fileNames'
>;

export interface MessageRepository {
  add(input: NewMessage): Promise<OrderMessage>;
  /** The order's thread, oldest first. */
  listByOrder(orderId: number): Promise<OrderMessage[]>;
  /** Whether one of the thread's messages carries this stored file. */
  orderOfFile(fileName: string): Promise<number | null>;
}

export type NewPayout = Omit<Payout, 'id' | 'createdAt'>;

/** Every part paid out of escrow (release, refund, each side of a split), as verified on chain. */
export interface PayoutRepository {
  record(input: NewPayout): Promise<Payout>;
  listByOrder(orderId: number): Promise<Payout[]>;
  /**
   * Of these orders, those any part was paid back to their buyer: per order, the sum of the
   * buyer's parts (a refund's price, a split's buyer part). Orders with none are left out.
   */
  paidToBuyers(orderIds: readonly number[]): Promise<Map<number, bigint>>;
  /** Every part paid by these transactions (each recorded with its recipient and amount). */
  bySignatures(signatures: readonly string[]): Promise<Payout[]>;
}

export type NewPayoutAttempt = Omit<
  PayoutAttempt,
  'id' | 'status' | 'createdAt' | 'closedAt' | 'signature'
> & {
  signature?: string | null;
  /**
   * The order's status the payout was planned from. The attempt opens only while the order
   * still has it: a process that read the order before another one paid it and closed its
   * attempt gets a `conflict`, never a second payout.
   */
  orderStatus: OrderStatus;
};

export interface PayoutAttemptRepository {
  /**
   * Opens an attempt; another one open for the order, or the order no longer in `orderStatus`,
   * is a `conflict` (the payout lock).
   */
  open(input: NewPayoutAttempt): Promise<PayoutAttempt>;
  findOpen(orderId: number): Promise<PayoutAttempt | null>;
  listOpen(): Promise<PayoutAttempt[]>;
  setSignature(id: number, signature: string): Promise<void>;
  /** Closes an open attempt (done: it paid; abandoned: it provably never landed). */
  close(id: number, status: 'done' | 'abandoned', at: Date): Promise<PayoutAttempt | null>;
}

export type NewReview = Pick<Review, 'orderId' | 'sellerId' | 'buyerId' | 'rating' | 'comment'>;

export interface ReviewRepository {
  /** One review per order (`conflict` otherwise). */
  create(input: NewReview): Promise<Review>;
  findByOrder(orderId: number): Promise<Review | null>;
  /** The seller's one answer; null when there is no review or it was answered already. */
  reply(orderId: number, reply: string, at: Date): Promise<Review | null>;
  /** A seller's reviews, newest first, a page at a time (cursor as products'). */
  listBySeller(
    sellerId: number,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: Review[]; nextCursor: string | null }>;
  /** Each seller's record, computed from orders, disputes and reviews. */
  reputations(sellerIds: readonly number[]): Promise<Reputation[]>;
}

export type NewNotification = Pick<Notification, 'userId' | 'kind' | 'orderId' | 'text'>;

export interface NotificationRepository {
  add(input: NewNotification): Promise<Notification>;
  /** The user's newest notifications and how many are unread. */
  list(userId: number, limit: number): Promise<{ items: Notification[]; unread: number }>;
  /** Marks the user's notifications read (these ids, or all); returns how many changed. */
  markRead(userId: number, ids: readonly number[] | 'all', at: Date): Promise<number>;
}

/** The event log every change writes to (a trigger on PostgreSQL). */
export interface EventRepository {
  /** Events after `afterId`, oldest first. */
  since(afterId: bigint, limit: number): Promise<MarketEvent[]>;
  findById(id: bigint): Promise<MarketEvent | null>;
  /** The newest event's id (0 when none): where a new listener starts. */
  latestId(): Promise<bigint>;
  /** Forgets events older than `before` (a reconnect never needs that far back). */
  prune(before: Date): Promise<number>;
}

/** What reconciliation has read of a wallet's history on chain (so it reads only what is new). */
export interface ChainHistoryRepository {
  /** The newest signature read; null before the first read (or after a reset). */
  cursor(wallet: string): Promise<string | null>;
  /** Adds what was read (a transfer already known is kept once) and moves the cursor. */
  add(wallet: string, read: WalletTransfers, newest: string | null): Promise<void>;
  /** Every incoming transfer read so far, oldest first. */
  transfers(wallet: string): Promise<IncomingTransfer[]>;
  /** Every outgoing transfer read so far, oldest first. */
  outgoing(wallet: string): Promise<OutgoingTransfer[]>;
  /** Forgets it all: the next read starts from the beginning (a full rescan). */
  reset(wallet: string): Promise<void>;
}

export type SignaturePurpose = 'payment' | 'release' | 'refund' | 'split';

/** One transaction signature settles at most one thing anywhere (a unique key). */
export interface SignatureRegistry {
  /** Claims the signature; one already claimed gets a `conflict` DomainError. */
  claim(signature: string, purpose: SignaturePurpose, orderId: number | null): Promise<void>;
  find(signature: string): Promise<{ purpose: SignaturePurpose; orderId: number | null } | null>;
}

export interface Session {
  tokenHash: string;
  userId: number;
  walletAddress: string;
  expiresAt: Date;
}

export interface SessionRepository {
  create(session: Session): Promise<void>;
  /** The live session (not revoked, not expired at `now`), or null. */
  find(tokenHash: string, now: Date): Promise<Session | null>;
  revoke(tokenHash: string): Promise<void>;
}

export interface SignInNonce {
  nonce: string;
  walletAddress: string;
  message: string;
  expiresAt: Date;
}

export interface NonceRepository {
  create(nonce: SignInNonce): Promise<void>;
  /** Marks the nonce used and returns it, once; null when unknown or already used. */
  consume(nonce: string): Promise<SignInNonce | null>;
}

export interface Repositories {
  users: UserRepository;
  products: ProductRepository;
  orders: OrderRepository;
  payments: PaymentRepository;
  signatures: SignatureRegistry;
  sessions: SessionRepository;
  nonces: NonceRepository;
  disputes: DisputeRepository;
  messages: MessageRepository;
  payouts: PayoutRepository;
  payoutAttempts: PayoutAttemptRepository;
  reviews: ReviewRepository;
  notifications: NotificationRepository;
  events: EventRepository;
  chainHistory: ChainHistoryRepository;
}

/** The database: repositories, plus a transaction that hands the same repositories bound to it. */
export interface Store extends Repositories {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- chain

export interface TransferExpectation {
  signature: string;
  from: string;
  to: string;
  lamports: bigint;
}

export type TransferCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'not_found' | 'failed' | 'no_matching_transfer' | 'not_signed_by_payer';
      message: string;
    };

export interface IncomingTransfer {
  signature: string;
  from: string;
  lamports: bigint;
  blockTime: number | null;
}

/** A System Program transfer out of a wallet (in wallet mode, out of escrow: a payout). */
export interface OutgoingTransfer {
  signature: string;
  to: string;
  lamports: bigint;
  blockTime: number | null;
}

/** What a read of a wallet's history found: transfers into it and out of it, newest first. */
export interface WalletTransfers {
  transfers: IncomingTransfer[];
  outgoing: OutgoingTransfer[];
}

/** What the app needs of the blockchain. */
export interface Chain {
  /**
   * Checks that `signature` is a confirmed, successful transaction containing a System Program
   * transfer of exactly `lamports` from `from` to `to`, signed by `from`.
   */
  verifyTransfer(expected: TransferExpectation): Promise<TransferCheck>;
  /** Every incoming System Program transfer to `wallet` in its history. */
  incomingTransfers(wallet: string): Promise<IncomingTransfer[]>;
  /**
   * The transfers into and out of `wallet` newer than `until` (a signature of the wallet's
   * history; null: everything), newest first, and the newest signature seen: where the next
   * look starts.
   */
  transfersSince(
    wallet: string,
    until: string | null,
  ): Promise<WalletTransfers & { newest: string | null }>;
  balance(wallet: string): Promise<bigint>;
  /** Where a signature stands at `confirmed`: landed, landed and failed, or not seen (null). */
  signatureStatus(signature: string): Promise<'confirmed' | 'failed' | null>;
  /**
   * The transaction `signer` signed that carries `reference` among its accounts, if the chain
   * shows one (one that landed before one that failed). Others carrying it are anyone's.
   */
  findReference(
    reference: string,
    signer: string,
  ): Promise<{ signature: string; failed: boolean } | null>;
  /** Whether the transaction `signature` (landed, at `confirmed`) names `reference`. */
  carriesReference(signature: string, reference: string): Promise<boolean>;
  /** The current block height: a transaction whose lastValidBlockHeight is below it can no longer land. */
  blockHeight(): Promise<bigint>;
  /** A fresh reference key (a random address) for a payout's transfer to carry. */
  newReference(): string;
}

/** ESCROW_MODE=multisig: a purchase pays into its own escrow account of a 2-of-3 multisig. */
export interface EscrowExpectation {
  signature: string;
  buyer: string;
  seller: string;
  arbiter: string;
  lamports: bigint;
}

export type EscrowCheck =
  | { ok: true; escrowAccount: string }
  | {
      ok: false;
      reason: Extract<TransferCheck, { ok: false }>['reason'] | 'escrow_invalid';
      message: string;
    };

export interface EscrowVerifier {
  /**
   * Checks that `signature` is a confirmed, successful transaction signed by the buyer, holding a
   * System Program transfer of exactly `lamports` from the buyer into a wrapped-SOL token account
   * that, at `confirmed`, holds exactly that amount, has no delegate and no close authority, and
   * is owned by the pair's multisig whose signers are exactly buyer, seller and arbiter, 2 of 3.
   */
  verifyEscrowPayment(expected: EscrowExpectation): Promise<EscrowCheck>;
  /**
   * Checks that `signature` is a confirmed, successful transaction that closes the escrow
   * account `paymentSignature` paid into, and that, its fee aside, the seller got exactly
   * `sellerLamports` and the buyer exactly `buyerLamports` plus the escrow account's rent.
   */
  verifyEscrowOutcome(expected: EscrowOutcomeExpectation): Promise<TransferCheck>;
  /** The escrow account a payment went into and what it holds now (null: closed or none). */
  escrowHolding(payment: {
    paymentSignature: string;
    buyer: string;
    lamports: bigint;
  }): Promise<{ account: string | null; lamports: bigint | null }>;
  /**
   * What each escrow token account holds now (its token amount; null: closed, absent or not an
   * open token account), read in batches (getMultipleAccounts, 100 accounts a call).
   */
  escrowBalances(accounts: readonly string[]): Promise<Map<string, bigint | null>>;
  /**
   * Checks that `signature` is a confirmed, successful transaction that closes `escrowAccount`
   * (which held exactly `lamports` of wrapped SOL) to the buyer: the account emptied, and, its
   * fee aside, every lamport it held (price and rent) went to the buyer.
   */
  verifyEscrowRefund(expected: EscrowRefundExpectation): Promise<TransferCheck>;
}

export interface EscrowRefundExpectation {
  signature: string;
  escrowAccount: string;
  buyer: string;
  /** The price paid in (the account's token amount). */
  lamports: bigint;
}

/** Multisig mode, where the server holds the arbiter's key: its half of an outcome. */
export interface EscrowCosigner {
  /**
   * The close of the order's escrow (`paymentSignature` paid into it) to `outcome`'s party, on
   * a fresh blockhash, signed by the arbiter (who pays the fee), for that party to sign and send.
   * Asked again for the same close within a short while, the same transaction.
   */
  prepareOutcome(o: {
    paymentSignature: string;
    /** The escrow account as the ledger recorded it; else found from the payment on chain. */
    escrowAccount?: string | null;
    buyer: string;
    seller: string;
    lamports: bigint;
    outcome: 'release' | 'refund';
    /** Of the price, the buyer's part (a split); by default all on a refund, none on a release. */
    toBuyer?: bigint;
  }): Promise<{ transaction: string; lastValidBlockHeight: bigint }>;
  /**
   * The close of `escrowAccount` (a payment that bought nothing) with every lamport to the buyer,
   * on a fresh blockhash, signed by the arbiter (who pays the fee), for the buyer to sign and send.
   */
  prepareRefund(o: {
    escrowAccount: string;
    buyer: string;
  }): Promise<{ transaction: string; lastValidBlockHeight: bigint }>;
}

export interface EscrowOutcomeExpectation {
  signature: string;
  paymentSignature: string;
  /** The escrow account as the ledger recorded it; else found from the payment on chain. */
  escrowAccount?: string | null;
  buyer: string;
  seller: string;
  /** The price the escrow holds. */
  lamports: bigint;
  sellerLamports: bigint;
  buyerLamports: bigint;
}

export interface PayoutPart {
  to: string;
  lamports: bigint;
}

/** A payout transaction signed with the escrow key, not yet sent. */
export interface PreparedPayout {
  signature: string;
  lastValidBlockHeight: bigint;
  /** Sends it (safe to call again: the same signature lands once). */
  send(): Promise<void>;
  /** Waits for `confirmed`; 'expired' once its blockhash can no longer land. */
  confirm(): Promise<'confirmed' | 'failed' | 'expired'>;
}

/** Pays out of escrow with the escrow key itself: only where the server holds that key. */
export interface EscrowPayer {
  /** One transaction: a transfer to every part, carrying `reference`. */
  prepare(parts: readonly PayoutPart[], reference: string): Promise<PreparedPayout>;
}

// ---------------------------------------------------------------- files, time, logs

export interface StoredFile {
  name: string;
  mime: string;
  size: number;
}

export type UploadKind = 'image' | 'proof';

export interface UploadStore {
  /**
   * Checks the bytes' real type (magic bytes) against `allowed` MIME types and the declared
   * file name's extension, then stores them under a random name. A type that is not allowed is
   * an `unsupported_media` DomainError; one over `maxBytes` is `too_large`.
   */
  save(
    data: Uint8Array,
    opts: { kind: UploadKind; allowed: readonly string[]; maxBytes: number; declaredName?: string },
  ): Promise<StoredFile>;
  remove(name: string): Promise<void>;
}

/** Hears, in any server process, that an event was written (PostgreSQL LISTEN/NOTIFY). */
export interface EventFeed {
  /** Calls `listener` with each new event's id; returns the unsubscribe. */
  subscribe(listener: (eventId: bigint) => void): () => void;
  /**
   * Whether the log's ids become visible in their order (one connection writes, as PGlite's):
   * then a missing id was rolled back, never still committing, and nothing waits for it.
   */
  readonly idsCommitInOrder?: boolean;
}

export interface Clock {
  now(): Date;
}

export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** Checks a wallet's ed25519 signature over a message (base58 signature and address). */
export interface WalletSignatures {
  verify(message: Uint8Array, signatureBase58: string, walletAddress: string): boolean;
  isAddress(text: string): boolean;
}
