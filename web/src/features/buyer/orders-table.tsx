import type { OrderWithProduct } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { orderBadge } from '@src/domain/status-labels';
import * as styles from '@web/components/dashboard/dashboard.css';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { clamp2 } from '@web/components/ui/surface.css';
import { orderAnchor, useShowAskedOrder } from '@web/lib/asked-order';
import { formatDate } from '@web/lib/format-date';
import { ReviewAction } from '@web/features/reputation';
import { OrderActions, OrderDeadline, OrderSplit, useChainNow } from '@web/features/protection';

export const UNKNOWN_PRODUCT = 'Unknown Product';

/**
 * Recent Orders: Product, Date, Price, Status (with the next deadline in words), Actions (View
 * Details, Leave a Review, and what the buyer may do now: Confirm Receipt, Cancel Order, Report
 * a Problem, Messages).
 */
export function OrdersTable({
  orders,
  opening,
  onView,
}: {
  orders: readonly OrderWithProduct[];
  /** The order whose product is being fetched for the dialog. */
  opening: number | null;
  onView: (order: OrderWithProduct) => void;
}) {
  const now = useChainNow();
  // A link to one purchase (a notification's) lands on its row.
  useShowAskedOrder(true);
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Date</th>
          <th scope="col">Price</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.id}
            id={orderAnchor(order.id)}
            tabIndex={-1}
            className={styles.linkedRow}
            data-testid="order-row"
          >
            <td>
              <div className={styles.productCell}>
                {order.product?.image ? (
                  <img className={styles.thumb} src={order.product.image} alt="" loading="lazy" />
                ) : (
                  <div className={styles.thumb} aria-hidden="true" />
                )}
                <div className={styles.cellText}>
                  <div
                    className={`${styles.strong} ${clamp2}`}
                    title={order.product?.name ?? UNKNOWN_PRODUCT}
                  >
                    {order.product?.name ?? UNKNOWN_PRODUCT}
                  </div>
                  <div className={styles.small}>Order #{order.id}</div>
                </div>
              </div>
            </td>
            <td data-label="Date" className={styles.nowrap}>
              {formatDate(order.createdAt)}
            </td>
            <td data-label="Price" className={styles.nowrap}>
              {formatPrice(order.price, 2)} SOL
            </td>
            <td data-label="Status">
              <div className={styles.statusCell}>
                <StatusBadge status={orderBadge(order.status, 'buyer')} />
                <OrderDeadline order={order} viewer="buyer" now={now} />
                <OrderSplit order={order} viewer="buyer" />
              </div>
            </td>
            <td data-label="Actions">
              <div className={styles.rowActions}>
                <Button
                  variant="secondary"
                  size="sm"
                  // Not disabled while the product loads: a disabled button drops the focus,
                  // and the dialog could not give it back to this button when it closes.
                  disabled={!order.product}
                  aria-disabled={opening !== null && opening !== order.id ? true : undefined}
                  aria-busy={opening === order.id}
                  onClick={() => {
                    if (opening === null) onView(order);
                  }}
                >
                  {opening === order.id ? 'Opening...' : 'View Details'}
                </Button>
                <ReviewAction order={order} />
                <OrderActions order={order} party="buyer" now={now} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
