import { DEFAULT_POLICY } from '@src/domain/deadlines';
import type { Caller, Deps } from '@src/app/context';
import type { NewProduct } from '@src/app/ports';
import { purchase } from '@src/app/orders/purchase';
import { uploadTracking } from '@src/app/orders/upload-tracking';
import { MemoryDatabase } from '@src/adapters/memory/memory-database';
import { createMemoryStore } from '@src/adapters/memory/memory-store';
import { MemoryUploadStore } from '@src/adapters/uploads/memory-upload-store';
import { walletSignatures } from '@src/adapters/solana/wallet-signatures';
import { solToLamports } from '@src/domain/money';
import { FixedClock } from './fixed-clock';
import { MemoryChain } from './memory-chain';
import { RecordingLogger } from './recording-logger';
import { newProduct } from './store-rows';

export const ESCROW = 'Escrow1111111111111111111111111111111111111';
export const ADMIN = 'Admin11111111111111111111111111111111111111';

/**
 * Everything a use case may be handed, in memory: the memory store and upload store, the
 * memory chain, a clock that stands still, a logger that records. Plus the people of a
 * marketplace and a few moves, so a test says only what its rule needs.
 */
export function appWorld() {
  const clock = new FixedClock();
  const db = new MemoryDatabase(clock.now);
  const store = createMemoryStore(db);
  const chain = new MemoryChain();
  const uploads = new MemoryUploadStore();
  const logger = new RecordingLogger();
  const deps: Deps = {
    store,
    chain,
    uploads,
    signatures: walletSignatures,
    clock,
    logger,
    escrowWallet: ESCROW,
    adminWallets: new Set([ADMIN]),
    cluster: 'localnet',
    policy: DEFAULT_POLICY,
  };
  let people = 0;

  /** A signed-in person (their user created as sign-in creates it). */
  async function person(walletAddress = `Wallet${++people}`): Promise<Caller> {
    const user = await store.users.findOrCreate(walletAddress);
    return { userId: user.id, walletAddress, isAdmin: deps.adminWallets.has(walletAddress) };
  }

  /** A product of `seller` in the store, as a listing would have made it. */
  const listing = (seller: Caller, overrides: Partial<NewProduct> = {}) =>
    store.products.create({ ...newProduct(seller.userId), ...overrides });

  /** The buyer pays `price` SOL into escrow on the chain; returns the signature. */
  const pay = (buyer: Caller, price: string) =>
    chain.pay(buyer.walletAddress, ESCROW, solToLamports(price));

  /** The escrow pays `price` SOL out to `to`; returns the signature. */
  const payOut = (to: Caller, price: string) =>
    chain.pay(ESCROW, to.walletAddress, solToLamports(price));

  /**
   * A seller, a buyer and the admin, and one paid order (escrow held), or one whose tracking
   * the seller has uploaded (`shipped`).
   */
  async function sale(opts: { quantity?: number; shipped?: boolean } = {}) {
    const [seller, buyer, admin] = [await person(), await person(), await person(ADMIN)];
    const listed = await listing(seller, { quantity: opts.quantity ?? 1 });
    const bought = await purchase(deps)(buyer, {
      productId: listed.id,
      buyerId: buyer.userId,
      sellerId: seller.userId,
      price: listed.price,
      signature: pay(buyer, listed.price),
      contact: {},
    });
    if (opts.shipped) {
      await uploadTracking(deps)(seller, bought.order.id, { trackingNumber: 'TRACK-1', files: [] });
    }
    const order = (await store.orders.findById(bought.order.id))!;
    return { seller, buyer, admin, product: listed, order };
  }

  /** Every row of every table and every stored file's name: to show a refusal wrote nothing. */
  const contents = () => ({
    ...Object.fromEntries(
      Object.entries(db.tables).map(([table, rows]) => [
        table,
        structuredClone([...rows.values()]),
      ]),
    ),
    files: uploads.names(),
  });

  return {
    ...{ deps, db, store, chain, uploads, clock, logger },
    ...{ person, listing, pay, payOut, sale, contents },
  };
}

export type AppWorld = ReturnType<typeof appWorld>;
