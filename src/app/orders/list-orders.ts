import type { OrderWithProduct } from '../../domain/entities';
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

/** A buyer's orders (their own, or any for an admin), newest first. */
export function buyerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, buyerId: number) => {
    requireSelf(caller, buyerId, true);
    return withDecisions(deps.store, await deps.store.orders.listByBuyer(buyerId));
  };
}

/** A seller's sales (their own, or any for an admin), newest first. */
export function sellerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, sellerId: number) => {
    requireSelf(caller, sellerId, true);
    return withDecisions(deps.store, await deps.store.orders.listBySeller(sellerId));
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
    return withDecisions(deps.store, await deps.store.orders.listByStatus(statuses));
  };
}
