import { Keypair, type Connection } from '@solana/web3.js';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import type { Order, Product } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { available } from '@src/domain/product';
import type { ApiClient } from '../lib/api-client';
import {
  buyerOrders,
  createOrder,
  purchaseRequest,
  releaseFunds,
  uploadTracking,
} from '@src/contracts/orders';
import { contactFor } from './catalogue';
import { colour, gradientPng } from './png';
import { runPool } from './pool';
import type { SeedWallet } from './wallets';

export type Stage = 'escrow_held' | 'tracking_uploaded' | 'completed';
const STAGES: Stage[] = ['escrow_held', 'tracking_uploaded', 'completed'];

/**
 * Stages in turn, shifted by one each lap: orders that land on every third seller (a catalogue
 * made round-robin by three sellers) still reach every stage.
 */
const stageOf = (n: number): Stage => STAGES[(n + Math.floor(n / STAGES.length)) % STAGES.length]!;

export interface PlannedOrder {
  buyer: SeedWallet;
  product: Product;
  stage: Stage;
}

/** Which buyer buys which product, spread over the catalogue, only while units remain. */
export function planOrders(
  products: readonly Product[],
  buyers: readonly SeedWallet[],
  count: number,
  offset: number,
): PlannedOrder[] {
  const left = new Map(products.map((p) => [p.id, p.status === 'active' ? available(p) : 0]));
  const plan: PlannedOrder[] = [];
  // A stride that shares no factor with the length visits every product once per lap.
  const stride = [7, 11, 13, 17].find((p) => products.length % p !== 0) ?? 1;
  for (let k = 0, tries = 0; plan.length < count && tries < products.length; tries += 1) {
    const product = products[((offset + tries) * stride) % products.length]!;
    if ((left.get(product.id) ?? 0) < 1) continue;
    left.set(product.id, left.get(product.id)! - 1);
    plan.push({
      buyer: buyers[(offset + k) % buyers.length]!,
      product,
      stage: stageOf(offset + k),
    });
    k += 1;
  }
  return plan;
}

export interface OrderDeps {
  connection: Connection;
  escrowWallet: string;
  sellers: ReadonlyMap<number, SeedWallet>;
  /** The admin (escrow) signed in, when its keypair is at hand; else nothing is released. */
  admin: { api: ApiClient; keypair: Keypair } | null;
}

async function pay(connection: Connection, from: Keypair, to: string, price: string) {
  const reference = Keypair.generate().publicKey;
  const tx = await buildTransfer(connection, from, to, solToLamports(price), { reference });
  return sendAndConfirm(connection, tx);
}

/** One order for real: paid on chain into escrow, recorded, then shipped and released per stage. */
export async function placeOrder(deps: OrderDeps, planned: PlannedOrder): Promise<Order> {
  const { buyer, product } = planned;
  const signature = await pay(deps.connection, buyer.keypair, deps.escrowWallet, product.price);
  let order: Order = await buyer.api.send(createOrder, {
    body: purchaseRequest({
      product,
      buyerId: buyer.user.id,
      signature,
      contact: contactFor(product, buyer.number),
    }),
  });
  if (planned.stage === 'escrow_held') return order;

  const seller = deps.sellers.get(product.sellerId);
  if (!seller) return order;
  const form = new FormData();
  form.append('trackingNumber', `SEED${String(order.id).padStart(8, '0')}`);
  if (order.id % 2 === 0) {
    const proof = gradientPng(colour(order.id), colour(order.id + 5, 0.8), 48);
    form.append('files', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'delivery.png');
  }
  order = await seller.api.send(uploadTracking, { params: { id: order.id }, form });
  if (planned.stage !== 'completed' || !deps.admin) return order;

  const release = await pay(
    deps.connection,
    deps.admin.keypair,
    seller.keypair.publicKey.toBase58(),
    order.price,
  );
  return deps.admin.api.send(releaseFunds, {
    params: { id: order.id },
    query: { walletAddress: deps.admin.keypair.publicKey.toBase58() },
    body: { releaseTransactionHash: release },
  });
}

export async function placeOrders(
  deps: OrderDeps,
  plan: readonly PlannedOrder[],
  concurrency: number,
  onPlaced: () => void,
): Promise<Order[]> {
  return runPool(plan, concurrency, async (planned) => {
    const order = await placeOrder(deps, planned);
    onPlaced();
    return order;
  });
}

/** How many orders the seed buyers already have. */
export async function existingOrderCount(buyers: readonly SeedWallet[]): Promise<number> {
  const counts = await runPool(
    buyers,
    4,
    async (b) => (await b.api.send(buyerOrders, { params: { id: b.user.id } })).length,
  );
  return counts.reduce((a, b) => a + b, 0);
}
