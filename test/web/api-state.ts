import type { DevWallet } from '@src/contracts/meta';
import type { OrderWithProduct, Product, User } from '@src/domain/entities';
import { newChainState, type ChainState } from './chain-handlers';
import { adminUser, buyerUser, sellerUser } from './fixtures';

/** The fake server's data (the domain's entities); tests change it before rendering. */
export interface ApiState {
  users: User[];
  products: Product[];
  orders: OrderWithProduct[];
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
}

export const newApiState = (): ApiState => ({
  users: [buyerUser, sellerUser, adminUser],
  products: [],
  orders: [],
  admins: new Set([adminUser.walletAddress]),
  sessionWallet: null,
  devWallets: null,
  orderFailures: [],
  orderPosts: [],
  productQueries: [],
  pageSize: 1000,
  chain: newChainState(),
});

/** Reset before each test by setup.ts. */
export const api: { state: ApiState } = { state: newApiState() };
