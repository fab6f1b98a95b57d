import type { DevWallet } from '@src/contracts/meta';
import type {
  Notification,
  OrderWithProduct,
  Payment,
  Product,
  Review,
  User,
} from '@src/domain/entities';
import { newChainState, type ChainState } from './chain-handlers';
import { adminUser, buyerUser, sellerUser } from './fixtures';

/** What a test holds of one open event stream (msw's sse client). */
export interface StreamClient {
  send(message: { id?: string; event: 'change' | 'reset' | 'ready'; data: unknown }): void;
  close(): void;
}

/** The fake server's data (the domain's entities); tests change it before rendering. */
export interface ApiState {
  users: User[];
  products: Product[];
  orders: OrderWithProduct[];
  /** The payments ledger (GET /api/payments answers the session wallet's that bought nothing). */
  payments: Payment[];
  admins: Set<string>;
  /** The wallet of the session cookie, or null when signed out. */
  sessionWallet: string | null;
  /** null answers 404 (no local chain). */
  devWallets: DevWallet[] | null;
  /** Answers the next POST /api/orders calls with these errors, first to last. */
  orderFailures: { status: number; error: string }[];
  /** Bodies of every POST /api/orders. */
  orderPosts: Record<string, unknown>[];
  /** Every product query string the marketplace sent. */
  productQueries: URLSearchParams[];
  pageSize: number;
  chain: ChainState;
  /** What GET /api/config says of ESCROW_MODE (absent: wallet, as the spec's server). */
  escrowMode?: 'wallet' | 'multisig';
  reviews: Review[];
  notifications: Notification[];
  /** Bodies' ids of every POST /api/notifications/read. */
  notificationReads: (number[] | 'all')[];
  /**
   * Every open GET /api/events, with the Last-Event-ID it came back with and the wallet whose
   * session opened it (null: a visitor's); a stream leaves the list when its page closes it.
   */
  streams: {
    client: StreamClient;
    lastEventId: string | null;
    url: string;
    wallet: string | null;
  }[];
}

export const newApiState = (): ApiState => ({
  users: [buyerUser, sellerUser, adminUser],
  products: [],
  orders: [],
  payments: [],
  admins: new Set([adminUser.walletAddress]),
  sessionWallet: null,
  devWallets: null,
  orderFailures: [],
  orderPosts: [],
  productQueries: [],
  pageSize: 1000,
  chain: newChainState(),
  reviews: [],
  notifications: [],
  notificationReads: [],
  streams: [],
});

/** Reset before each test by setup.ts. */
export const api: { state: ApiState } = { state: newApiState() };
