import { DISPUTE_REASON_LABELS, type DisputeReason } from '../../domain/dispute';
import { notify } from '../notifications/notify';
import { transition } from '../../domain/order';
import type { Caller } from '../context';
import type { Order } from '../../domain/entities';
import type { Clock, Logger, Store, UploadStore } from '../ports';
import { loadOrder, partyMove } from './load-order';
import { withStoredFiles } from './message-files';
import { partyOf } from './order-party';
import { checkMessage, type MessageCommand } from './post-message';

export interface DisputeCommand extends MessageCommand {
  reason: DisputeReason;
}

/** Who may report a problem with the order: its buyer or its seller. */
export const disputantOf = (caller: Caller | null, order: Order) =>
  partyOf(caller, order, 'report a problem');

/**
 * The buyer or the seller reports a problem: the order is disputed (nothing is paid out
 * automatically until an admin decides), and the report opens its thread with its evidence.
 */
export function openDispute(deps: {
  store: Store;
  uploads: UploadStore;
  clock: Clock;
  logger: Logger;
}) {
  return async (caller: Caller | null, id: number, cmd: DisputeCommand) => {
    const order = await loadOrder(deps.store, id);
    const party = disputantOf(caller, order);
    const to = transition(order, 'dispute', party, deps.clock.now());
    const body = checkMessage(cmd, 'A report');
    const done = await withStoredFiles(deps.uploads, cmd.files, (stored) =>
      deps.store.transaction(async (tx) => {
        // An admin's payout under way (wallet mode: being sent; multisig: a decision the party
        // claims) is the decision a dispute would ask for: it is not reopened behind it.
        const updated = await partyMove(tx, id, order.status, { status: to });
        await tx.disputes.open({ orderId: id, openedBy: party, reason: cmd.reason });
        await tx.messages.add({
          orderId: id,
          authorId: caller!.userId,
          role: party,
          body,
          ...stored,
        });
        const other = party === 'buyer' ? order.sellerId : order.buyerId;
        const label = DISPUTE_REASON_LABELS[cmd.reason];
        await notify(
          tx,
          other,
          'dispute',
          order,
          `The ${party} reported a problem with order #${id}: ${label}`,
        );
        return updated;
      }),
    );
    deps.logger.info({ orderId: id, by: party, reason: cmd.reason }, 'dispute opened');
    return done;
  };
}
