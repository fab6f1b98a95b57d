import type { OrderWithProduct, PayoutAttempt } from '../../domain/entities';
import { payoutDue, type DuePayout } from '../../domain/payout-due';
import { requireAdmin, type Caller } from '../context';
import type { Clock, Store } from '../ports';

export interface DueEntry extends DuePayout {
  order: OrderWithProduct;
  /** A payout of it already under way, if any. */
  attempt: PayoutAttempt | null;
}

/** Every payout due at `now` (release or refund, why, since when), oldest first. */
export async function duePayouts(store: Store, now: Date): Promise<DueEntry[]> {
  const candidates = await store.orders.listDueCandidates(now);
  const entries: DueEntry[] = [];
  for (const order of candidates) {
    const due = payoutDue(order, now);
    if (!due) continue;
    entries.push({ ...due, order, attempt: await store.payoutAttempts.findOpen(order.id) });
  }
  return entries.sort((a, b) => a.since.localeCompare(b.since));
}

/** Admin: the payouts due (GET /api/admin/payouts-due, `marketplace admin settle`). */
export function payoutsDue(deps: { store: Store; clock: Clock }) {
  return async (caller: Caller | null, wallet: string | undefined) => {
    requireAdmin(caller, wallet);
    return duePayouts(deps.store, deps.clock.now());
  };
}
