import type { Keypair } from '@solana/web3.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { createConnection } from '@src/adapters/solana/connection';
import { loadKeypair } from '@src/adapters/solana/keypair-file';
import { LAMPORTS_PER_SOL, sumLamports } from '@src/domain/money';
import { config as chainInfo } from '@src/contracts/meta';
import { ApiClient } from '../lib/api-client';
import { CliError } from '../lib/errors';
import { signIn } from '../lib/sign-in';
import { listing } from './catalogue';
import { existingOrderCount, placeOrders, planOrders, type OrderDeps } from './orders';
import { createProducts, existingProducts } from './products';
import { runPool } from './pool';
import { seedWallets, topUp, type SeedWallet } from './wallets';

export interface SeedOptions {
  apiUrl: string;
  /** Seed wallets live in `<dataDir>/seed-wallets`; the escrow key is `<dataDir>/escrow-keypair.json`. */
  dataDir: string;
  sellers: number;
  buyers: number;
  products: number;
  orders: number;
  /** Every how many products get generated images: 0 for none, 1 for all. */
  imageEvery: number;
  /** Parallel requests (default 8). */
  concurrency?: number;
  progress?: (done: number, total: number) => void;
  logger?: Logger;
}

export interface SeedReport {
  products: { created: number; existing: number; seconds: number; perSecond: number };
  orders: {
    created: number;
    existing: number;
    /** Created orders by status (completed ones were released from escrow on chain). */
    byStatus: Record<string, number>;
    /** Orders meant to complete stayed at tracking_uploaded: no escrow keypair at hand. */
    releaseSkipped: boolean;
  };
  seconds: number;
}

const FEES = LAMPORTS_PER_SOL / 10n;

/**
 * Fills a marketplace through its API like real users would: seller wallets list a catalogue,
 * buyer wallets pay into escrow on chain and order, sellers upload tracking, the escrow
 * releases some. Runs twice without duplicating: it tops up to the counts asked for.
 */
export async function runSeed(opts: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const concurrency = opts.concurrency ?? 8;
  const log = opts.logger;
  const config = await new ApiClient(opts.apiUrl).send(chainInfo);
  if (opts.orders > 0 && config.escrowMode === 'multisig') {
    // Its orders pay into the escrow wallet, as in wallet mode: in this mode such a payment buys
    // nothing and is stuck there. Refused before any wallet is made or anything paid.
    throw new CliError(
      'This server keeps each payment in its own escrow account (multisig mode): the seed cannot ' +
        'pay for orders there. Seed the catalogue alone with --orders 0, and buy in the web app',
    );
  }
  const connection = createConnection(config.rpcUrl, { logger: log });
  const walletOpts = { apiUrl: opts.apiUrl, dataDir: opts.dataDir, concurrency };
  const sellers = await seedWallets('seller', Math.max(1, opts.sellers), walletOpts);
  const buyers =
    opts.orders > 0 ? await seedWallets('buyer', Math.max(1, opts.buyers), walletOpts) : [];
  if (config.cluster === 'localnet') {
    await runPool(sellers, concurrency, (s) => topUp(connection, s.keypair, LAMPORTS_PER_SOL));
  }

  const [existing, ordersBefore] = await Promise.all([
    existingProducts(sellers),
    existingOrderCount(buyers),
  ]);
  const ordersWanted = Math.max(0, opts.orders - ordersBefore);
  let productsWanted = 0;
  for (let i = 0; i < opts.products; i += 1)
    if (!existing.has(listing(i).name)) productsWanted += 1;
  const total = productsWanted + ordersWanted;
  let done = 0;
  const tick = () => opts.progress?.(++done, total);
  opts.progress?.(0, total);
  log?.info(
    { productsWanted, ordersWanted, sellers: sellers.length, buyers: buyers.length },
    'seeding',
  );

  const productStart = performance.now();
  const { products, created } = await createProducts({
    sellers,
    total: opts.products,
    imageEvery: opts.imageEvery,
    existing,
    concurrency,
    onCreated: tick,
  });
  const productSeconds = (performance.now() - productStart) / 1000;

  const plan = planOrders(products, buyers, ordersWanted, ordersBefore);
  if (plan.length < ordersWanted)
    log?.warn({ wanted: ordersWanted, possible: plan.length }, 'not enough stock for every order');
  if (plan.length > 0) {
    await runPool(buyers, concurrency, (buyer) => {
      const mine = plan.filter((o) => o.buyer === buyer).map((o) => o.product.price);
      return topUp(connection, buyer.keypair, sumLamports(mine) + FEES);
    });
  }
  const admin = plan.some((o) => o.stage === 'completed')
    ? await escrowAdmin(opts, config.escrowWallet, log)
    : null;
  const deps: OrderDeps = {
    connection,
    escrowWallet: config.escrowWallet,
    sellers: new Map(sellers.map((s: SeedWallet) => [s.user.id, s])),
    admin,
  };
  // The server checks at most 2 payments of one wallet at once and refuses a third with a 429
  // (retried, but logged like any refusal): the buyers' orders go two at a time.
  const orders = await placeOrders(deps, plan, Math.min(concurrency, 2), tick);

  return {
    products: {
      created,
      existing: opts.products - created,
      seconds: round(productSeconds),
      perSecond: productSeconds > 0 ? round(created / productSeconds) : 0,
    },
    orders: {
      created: orders.length,
      existing: ordersBefore,
      byStatus: countBy(orders.map((o) => o.status)),
      releaseSkipped: admin === null && plan.some((o) => o.stage === 'completed'),
    },
    seconds: round((performance.now() - started) / 1000),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

const countBy = (keys: string[]) =>
  keys.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});

/** The escrow keypair signed in as admin, when it is in the data folder and is the server's. */
async function escrowAdmin(opts: SeedOptions, escrowWallet: string, log?: Logger) {
  const file = path.join(opts.dataDir, 'escrow-keypair.json');
  if (!existsSync(file)) {
    log?.warn({ file }, 'no escrow keypair: completed orders stay at tracking uploaded');
    return null;
  }
  const keypair: Keypair = await loadKeypair(file);
  if (keypair.publicKey.toBase58() !== escrowWallet) {
    log?.warn({ file }, "the escrow keypair is not the server's escrow wallet: nothing released");
    return null;
  }
  const api = new ApiClient(opts.apiUrl);
  await signIn(api, keypair);
  return { api, keypair };
}
