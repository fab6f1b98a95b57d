import type { Order } from '@src/domain/entities';
import { deadlineWords } from '@src/domain/deadline-words';
import type { OrderViewer } from '@src/domain/status-labels';
import * as styles from './protection.css';

/** The order's next deadline in plain words for `viewer`; nothing when none is waiting. */
export function OrderDeadline({
  order,
  viewer,
  now,
}: {
  order: Order;
  viewer: OrderViewer;
  now: Date;
}) {
  const words = deadlineWords(order, viewer, now);
  return words ? (
    <p className={styles.deadline} data-testid="order-deadline">
      {words}
    </p>
  ) : null;
}
