import type { OrderWithProduct } from '@src/domain/entities';
import { refundWords, splitWords } from '@src/domain/split-words';
import type { OrderViewer } from '@src/domain/status-labels';
import * as styles from './protection.css';

/**
 * Where an order's money went back, as `viewer` sees it: a dispute settled by a split (what each
 * side was paid, exactly), or an order refunded whole. Nothing for an order released to the
 * seller or not yet settled.
 */
export function OrderSplit({
  order,
  viewer,
}: {
  order: Pick<OrderWithProduct, 'status' | 'price' | 'refundedLamports'>;
  viewer: OrderViewer;
}) {
  const words = splitWords(order, viewer) ?? refundWords(order, viewer);
  return words ? (
    <p className={styles.deadline} data-testid="order-split">
      {words}
    </p>
  ) : null;
}
