import type { Caller } from '../context';
import type { Store } from '../ports';
import { loadOrder } from './load-order';
import { partyOrAdmin } from './order-party';

/**
 * An order's dispute (if any), its messages and the listing as it was bought (what a dispute is
 * judged against, whatever the seller edited since), for its parties and admins.
 */
export function orderThread(deps: { store: Store }) {
  return async (caller: Caller | null, id: number) => {
    const order = await loadOrder(deps.store, id);
    partyOrAdmin(caller, order, 'read its thread');
    const [dispute, messages, listingAsSold] = await Promise.all([
      deps.store.disputes.findByOrder(id),
      deps.store.messages.listByOrder(id),
      deps.store.orders.listingAsSold(id),
    ]);
    return { dispute, messages, listingAsSold };
  };
}
