import type { Order } from '../../domain/entities';
import type { NotificationKind } from '../../domain/entities';
import type { Repositories } from '../ports';

/** A note for `userId` about an order, written with the change it tells of. */
export function notify(
  repos: Repositories,
  userId: number,
  kind: NotificationKind,
  order: Pick<Order, 'id'> | null,
  text: string,
) {
  return repos.notifications.add({ userId, kind, orderId: order?.id ?? null, text });
}
