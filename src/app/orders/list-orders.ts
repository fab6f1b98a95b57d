import type { OrderWithProduct } from '../../domain/entities';
import { solToLamports } from '../../domain/money';
import type { OrderStatus } from '../../domain/order';
import { requireAdmin, requireSelf, type Caller } from '../context';
import type { Store } from '../ports';

/**
 * Each order with the admin's decision reserved for it and not yet paid, if any (multisig mode:
 * the party paid claims it; a decision is an open payout attempt made by an admin). A release
 * pays the seller something (all, or a split's part); a refund pays the buyer everything.
 */
async function withDecisions(store: Store, orders: OrderWithProduct[]) {
  if (orders.length === 0) return orders;
  const open = await store.payoutAttempts.listOpen();
  const decided = new Map(
    open
      .filter((a) => a.madeBy === 'admin')
      .map((a) => [a.orderId, a.sellerLamports > 0n ? 'release' : 'refund'] as const),
  );
  return orders.map((o) => ({ ...o, decided: decided.get(o.id) ?? null }));
}

/**
 * Each order with what went back to its buyer, from the payout ledger (every part paid out of
 * escrow, verified on chain). A cancelled order the ledger has nothing for was refunded before
 * the ledger was kept: the refund is the only move into cancelled, and it returns the price.
 */
async function withRefunds(store: Store, orders: OrderWithProduct[]) {
  if (orders.length === 0) return orders;
  const paid = await store.payouts.paidToBuyers(orders.map((o) => o.id));
  return orders.map((o) => ({
    ...o,
    refundedLamports: paid.get(o.id) ?? (o.status === 'cancelled' ? solToLamports(o.price) : null),
  }));
}

/** An order list as the dashboards read it: the admin's decisions and the buyer's refunds. */
async function listed(store: Store, orders: OrderWithProduct[]) {
  return withRefunds(store, await withDecisions(store, orders));
}

/** A buyer's orders (their own, or any for an admin), newest first. */
export function buyerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, buyerId: number) => {
    requireSelf(caller, buyerId, true);
    return listed(deps.store, await deps.store.orders.listByBuyer(buyerId));
  };
}

/** A seller's sales (their own, or any for an admin), newest first. */
export function sellerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, sellerId: number) => {
    requireSelf(caller, sellerId, true);
    return listed(deps.store, await deps.store.orders.listBySeller(sellerId));
  };
}

/** Admin: orders in the given statuses (the review queue by default). */
export function adminOrders(deps: { store: Store }) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    statuses: readonly OrderStatus[],
  ) => {
    requireAdmin(caller, wallet);
    return listed(deps.store, await deps.store.orders.listByStatus(statuses));
  };
}
