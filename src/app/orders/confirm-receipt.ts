import { forbidden } from '../../domain/errors';
import { transition } from '../../domain/order';
import { RECEIVED } from '../../domain/payout-due';
import { requireCaller, type Caller } from '../context';
import type { Clock, Store } from '../ports';
import { loadOrder, partyMove } from './load-order';
import { notify } from '../notifications/notify';

/** The buyer has the goods: the seller's payment is due now, no admin needed. */
export function confirmReceipt(deps: { store: Store; clock: Clock }) {
  return async (caller: Caller | null, id: number) => {
    const who = requireCaller(caller);
    const order = await loadOrder(deps.store, id);
    if (order.buyerId !== who.userId) {
      throw forbidden('Only the buyer of this order can confirm receipt');
    }
    const now = deps.clock.now();
    const to = transition(order, 'confirmReceipt', 'buyer', now);
    return deps.store.transaction(async (tx) => {
      const received = await partyMove(tx, id, order.status, {
        status: to,
        receivedAt: now.toISOString(),
        dueSince: now.toISOString(),
        dueReason: RECEIVED,
      });
      const text = `The buyer confirmed receipt of order #${id}: your ${order.price} SOL is due to you`;
      await notify(tx, order.sellerId, 'due', order, text);
      return received;
    });
  };
}
