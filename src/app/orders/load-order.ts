import { conflict, notFound } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import type { OrderPatch, Repositories } from '../ports';

export async function loadOrder(repos: Repositories, id: number) {
  const order = await repos.orders.findById(id);
  if (!order) throw notFound('Order not found');
  return order;
}

/** A guarded update that found the order in another status: someone else moved it first. */
export function moved(order: Order | null): Order {
  if (!order) throw conflict('The order changed while this was being done; reload and try again');
  return order;
}

/**
 * A buyer's or seller's move of the order, inside the caller's transaction: the guarded update,
 * refused while a payout of the order is under way (an admin's decision being sent, or the
 * settlement runner's). Reserving a payout locks the order's row at its status, so either the
 * reservation finds this move (and refuses), or this move finds the reservation: a payout never
 * lands on an order that moved under it.
 */
export async function partyMove(
  tx: Repositories,
  id: number,
  from: OrderStatus,
  patch: OrderPatch,
): Promise<Order> {
  const updated = moved(await tx.orders.update(id, from, patch));
  const underWay = await tx.payoutAttempts.findOpen(id);
  if (underWay) {
    throw conflict(
      underWay.madeBy === 'admin'
        ? 'The admin has already decided this order: its payout is under way'
        : 'This order’s payout is under way; it can no longer be changed',
    );
  }
  return updated;
}
