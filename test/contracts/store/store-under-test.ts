import { onTestFinished } from 'vitest';
import type { NewOrder, NewProduct, Store } from '@src/app/ports';
import { newOrder, newProduct } from '@test/support/store-rows';

/** A Store of one kind, fresh and empty, with the few looks past its port a contract needs. */
export interface StoreUnderTest {
  store: Store;
  /** How many users hold this wallet, counted past the port (it shows at most one). */
  countUsers(walletAddress: string): Promise<number>;
  /** How many orders refer to this product, counted past the port. */
  countOrders(productId: number): Promise<number>;
  /** Gives products one creation time, as a test that pages across equal times needs. */
  setCreatedAt(productIds: readonly number[], at: Date): Promise<void>;
  /** SQL run past the port, where the store has SQL (values no port writes: legacy text). */
  sql?(text: string, bindings?: unknown[]): Promise<void>;
  /** Closes the store and throws its data away. */
  close(): Promise<void>;
}

/** One kind of store the contract runs against. */
export interface StoreKind {
  name: string;
  open(): Promise<StoreUnderTest>;
}

let wallets = 0;

/** The `setup()` of a contract test: a fresh store (closed when the test ends) and builders. */
export function setupFor(kind: StoreKind) {
  return async () => {
    const db = await kind.open();
    onTestFinished(() => db.close());
    const { store } = db;
    const user = (walletAddress = `wallet-${++wallets}`) =>
      store.users.create({ walletAddress, username: '' });
    const product = async (overrides: Partial<NewProduct> = {}) =>
      store.products.create({ ...newProduct((await user()).id), ...overrides });
    const order = async (overrides: Partial<NewOrder> = {}) => {
      const p = await product();
      const buyer = await user();
      return store.orders.create({ ...newOrder(p.id, buyer.id, p.sellerId), ...overrides });
    };
    return { ...db, user, product, order };
  };
}

export type Setup = Awaited<ReturnType<ReturnType<typeof setupFor>>>;
