import type { Order } from '../../domain/entities';
import { transition } from '../../domain/order';
import { expiryReason, payoutDue, type DuePayout } from '../../domain/payout-due';
import type { Clock, Store } from '../ports';

/**
 * An order whose deadline passed moves to its payout due first (frozen: no late tracking, no
 * late dispute). Answers the order as it is now due, or null when it is not due, someone moved
 * it meanwhile (shipped, disputed, another process), or a payout of it is under way.
 */
export async function expireIfDue<T extends Order>(
  deps: { store: Store; clock: Clock },
  order: T,
): Promise<Order | T | null> {
  if (order.status === 'release_due' || order.status === 'refund_due') return order;
  const due = payoutDue(order, deps.clock.now());
  return due ? expire(deps, order, due) : null;
}

/** Thrown inside the move's transaction to undo it: a payout of the order is under way. */
class UnderWay extends Error {}

/**
 * The expire move, guarded as a buyer's or seller's move is (`partyMove`): undone, and null,
 * while a payout of the order is under way. An admin may have reserved the other payout (a
 * refund of a shipped order whose inspection has ended); moving the order under it would leave
 * that payout, once it lands, with no order status that may record it. Reserving a payout
 * locks the order's row at its status, so either the reservation finds this move (and is
 * refused), or this move finds the reservation.
 */
export async function expire(
  deps: { store: Store; clock: Clock },
  order: Order,
  due: DuePayout,
): Promise<Order | null> {
  const to = transition(order, 'expire', 'system', deps.clock.now());
  return deps.store
    .transaction(async (tx) => {
      const moved = await tx.orders.update(order.id, order.status, {
        status: to,
        dueSince: due.since,
        dueReason: expiryReason(order.status),
      });
      if (moved && (await tx.payoutAttempts.findOpen(order.id))) throw new UnderWay();
      return moved;
    })
    .catch((error: unknown) => {
      if (error instanceof UnderWay) return null;
      throw error;
    });
}
