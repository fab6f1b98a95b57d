import type { OrderWithProduct } from '@src/domain/entities';
import { splitWords } from '@src/domain/split-words';
import type { OrderViewer } from '@src/domain/status-labels';
import * as styles from './protection.css';

/**
 * A dispute settled by a split, as `viewer` sees it: what each side was paid, exactly. Nothing
 * for an order that was paid one way (released, refunded) or not yet settled.
 */
export function OrderSplit({
  order,
  viewer,
}: {
  order: Pick<OrderWithProduct, 'status' | 'price' | 'refundedLamports'>;
  viewer: OrderViewer;
}) {
  const words = splitWords(order, viewer);
  return words ? (
    <p className={styles.deadline} data-testid="order-split">
      {words}
    </p>
  ) : null;
}
