import { transition } from '../../domain/order';
import { BUYER_CANCELLED, SELLER_CANCELLED } from '../../domain/payout-due';
import type { Caller } from '../context';
import type { Clock, Logger, Store } from '../ports';
import { loadOrder, partyMove } from './load-order';
import { notify } from '../notifications/notify';
import { partyOf } from './order-party';

/**
 * An unshipped order is called off: by its seller at any time, by its buyer once the ship-by
 * date has passed. The buyer's refund is due at once.
 */
export function cancelOrder(deps: { store: Store; clock: Clock; logger: Logger }) {
  return async (caller: Caller | null, id: number) => {
    const order = await loadOrder(deps.store, id);
    const party = partyOf(caller, order, 'cancel it');
    const now = deps.clock.now();
    const to = transition(order, 'cancel', party, now);
    const done = await deps.store.transaction(async (tx) => {
      const cancelled = await partyMove(tx, id, order.status, {
        status: to,
        dueSince: now.toISOString(),
        dueReason: party === 'seller' ? SELLER_CANCELLED : BUYER_CANCELLED,
      });
      if (party === 'seller') {
        const text = `The seller cancelled order #${id}: your refund of ${order.price} SOL is due`;
        await notify(tx, order.buyerId, 'due', order, text);
      } else {
        await notify(
          tx,
          order.sellerId,
          'due',
          order,
          `The buyer cancelled order #${id}: it was not shipped by the ship-by date`,
        );
      }
      return cancelled;
    });
    deps.logger.info({ orderId: id, by: party }, 'order cancelled; refund due');
    return done;
  };
}
