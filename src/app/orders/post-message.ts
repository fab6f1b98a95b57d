import { validation } from '../../domain/errors';
import { messageProblem } from '../../domain/dispute';
import type { Caller } from '../context';
import type { Order } from '../../domain/entities';
import type { Store, UploadStore } from '../ports';
import { loadOrder } from './load-order';
import { notify } from '../notifications/notify';
import { withStoredFiles } from './message-files';
import { partyOrAdmin } from './order-party';
import type { UploadedFile } from './upload-tracking';

export interface MessageCommand {
  body: string;
  files: UploadedFile[];
}

/** Checks a message: some text or a file, within the limits. */
export function checkMessage(cmd: MessageCommand, what = 'A message'): string {
  const problem = messageProblem(cmd.body, cmd.files.length, what);
  if (problem) throw validation(problem);
  return cmd.body.trim();
}

/** Who may write in the order's thread: its buyer, its seller or an admin. */
export const writerOf = (caller: Caller | null, order: Order) =>
  partyOrAdmin(caller, order, 'write in its thread');

/** A message in the order's thread, from its buyer, its seller or an admin. */
export function postMessage(deps: { store: Store; uploads: UploadStore }) {
  return async (caller: Caller | null, id: number, cmd: MessageCommand) => {
    const order = await loadOrder(deps.store, id);
    const role = writerOf(caller, order);
    const body = checkMessage(cmd);
    return withStoredFiles(deps.uploads, cmd.files, (stored) =>
      deps.store.transaction(async (tx) => {
        const message = await tx.messages.add({
          orderId: id,
          authorId: caller!.userId,
          role,
          body,
          ...stored,
        });
        const readers = [order.buyerId, order.sellerId].filter((u) => u !== caller!.userId);
        for (const reader of readers) {
          await notify(tx, reader, 'message', order, `New message on order #${id}`);
        }
        return message;
      }),
    );
  };
}
