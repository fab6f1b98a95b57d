import type { OrderWithProduct } from '../../../../src/domain/entities';
import { formatPrice } from '../../../../src/domain/money';
import * as styles from '../../components/dashboard/dashboard.css';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format-date';
import { buyerStatusTone, orderStatusLabel } from './buyer-stats';

export const UNKNOWN_PRODUCT = 'Unknown Product';

/** Recent Orders: Product, Date, Price, Status, Actions (View Details). */
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
          <tr key={order.id} data-testid="order-row">
            <td>
              <div className={styles.productCell}>
                {order.product?.image ? (
                  <img className={styles.thumb} src={order.product.image} alt="" loading="lazy" />
                ) : (
                  <div className={styles.thumb} aria-hidden="true" />
                )}
                <div>
                  <div className={styles.strong}>{order.product?.name ?? UNKNOWN_PRODUCT}</div>
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
              <Badge tone={buyerStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
            </td>
            <td data-label="Actions">
              <Button
                variant="secondary"
                size="sm"
                disabled={!order.product || opening !== null}
                aria-busy={opening === order.id}
                onClick={() => onView(order)}
              >
                {opening === order.id ? 'Opening...' : 'View Details'}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
