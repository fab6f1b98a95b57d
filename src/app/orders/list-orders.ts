import type { OrderStatus } from '../../domain/order';
import { requireAdmin, requireSelf, type Caller } from '../context';
import type { Store } from '../ports';

/** A buyer's orders (their own, or any for an admin), newest first. */
export function buyerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, buyerId: number) => {
    requireSelf(caller, buyerId, true);
    return deps.store.orders.listByBuyer(buyerId);
  };
}

/** A seller's sales (their own, or any for an admin), newest first. */
export function sellerOrders(deps: { store: Store }) {
  return async (caller: Caller | null, sellerId: number) => {
    requireSelf(caller, sellerId, true);
    return deps.store.orders.listBySeller(sellerId);
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
    return deps.store.orders.listByStatus(statuses);
  };
}
