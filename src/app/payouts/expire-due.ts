import type { Order } from '../../domain/entities';
import { transition } from '../../domain/order';
import { expiryReason, payoutDue } from '../../domain/payout-due';
import type { Clock, Store } from '../ports';

/**
 * An order whose deadline passed moves to its payout due first (frozen: no late tracking, no
 * late dispute). Answers the order as it is now due, or null when it is not due (or someone
 * moved it meanwhile: shipped, disputed, another process).
 */
export async function expireIfDue<T extends Order>(
  deps: { store: Store; clock: Clock },
  order: T,
): Promise<Order | T | null> {
  if (order.status === 'release_due' || order.status === 'refund_due') return order;
  const due = payoutDue(order, deps.clock.now());
  if (!due) return null;
  const to = transition(order, 'expire', 'system', deps.clock.now());
  return deps.store.orders.update(order.id, order.status, {
    status: to,
    dueSince: due.since,
    dueReason: expiryReason(order.status),
  });
}
