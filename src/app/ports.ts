import type {
  Order,
  OrderWithProduct,
  Payment,
  PaymentStatus,
  Product,
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

export type NewProduct = Omit<Product, 'id' | 'createdAt' | 'soldQuantity' | 'status'> & {
  status?: ProductStatus;
};
export type ProductPatch = Partial<Omit<Product, 'id' | 'createdAt' | 'sellerId' | 'soldQuantity'>>;

export interface ProductRepository {
  findById(id: number): Promise<Product | null>;
  /** Newest first (createdAt, then id, descending). */
  list(query: ProductQuery): Promise<{ items: Product[]; nextCursor: string | null }>;
  create(input: NewProduct): Promise<Product>;
  update(id: number, patch: ProductPatch): Promise<Product | null>;
  setStatus(id: number, status: ProductStatus): Promise<Product | null>;
  /** Deletes the row; returns false when orders reference it (nothing is deleted then). */
  deleteIfUnreferenced(id: number): Promise<boolean>;
  /**
   * Takes one unit of stock with a guarded update (status active and soldQuantity < quantity);
   * the last unit turns the product `sold`. Returns null when no unit could be taken.
   */
  takeUnit(id: number): Promise<Product | null>;
  /** Gives one unit back (refund); a `sold` product becomes `active` again. */
  returnUnit(id: number): Promise<Product | null>;
}

export type NewOrder = Pick<
  Order,
  'productId' | 'buyerId' | 'sellerId' | 'price' | 'status' | 'escrowTransactionHash'
> &
  Partial<Pick<Order, 'transactionHash' | 'buyerAddress' | 'buyerEmail' | 'buyerName'>>;

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
  >
>;

export interface OrderRepository {
  findById(id: number): Promise<OrderWithProduct | null>;
  findByEscrowSignature(signature: string): Promise<Order | null>;
  create(input: NewOrder): Promise<Order>;
  /** Newest first, each with its product summary. */
  listByBuyer(buyerId: number): Promise<OrderWithProduct[]>;
  listBySeller(sellerId: number): Promise<OrderWithProduct[]>;
  listByStatus(statuses: readonly OrderStatus[]): Promise<OrderWithProduct[]>;
  /**
   * Applies the patch only while the order is still in `expected` status (a guarded update);
   * returns null when it no longer is.
   */
  update(id: number, expected: OrderStatus, patch: OrderPatch): Promise<Order | null>;
}

export interface NewPayment {
  signature: string;
  payerWallet: string;
  lamports: bigint;
  productId: number | null;
  orderId: number | null;
  status: PaymentStatus;
  reason: string | null;
}

export interface PaymentRepository {
  record(input: NewPayment): Promise<Payment>;
  findBySignature(signature: string): Promise<Payment | null>;
  listByStatus(status: PaymentStatus): Promise<Payment[]>;
  list(): Promise<Payment[]>;
  update(
    signature: string,
    patch: Partial<Pick<Payment, 'orderId' | 'status' | 'reason' | 'refundSignature'>>,
  ): Promise<Payment | null>;
}

export type SignaturePurpose = 'payment' | 'release' | 'refund';

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

/** What the app needs of the blockchain. */
export interface Chain {
  /**
   * Checks that `signature` is a confirmed, successful transaction containing a System Program
   * transfer of exactly `lamports` from `from` to `to`, signed by `from`.
   */
  verifyTransfer(expected: TransferExpectation): Promise<TransferCheck>;
  /** Every incoming System Program transfer to `wallet` in its history. */
  incomingTransfers(wallet: string): Promise<IncomingTransfer[]>;
  balance(wallet: string): Promise<bigint>;
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
