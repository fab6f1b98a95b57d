import type { ReactNode } from 'react';
import type { OrderWithProduct } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { orderBadge } from '@src/domain/status-labels';
import { StatusBadge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format-date';
import { OrderDeadline, OrderSplit, useChainNow } from '@web/features/protection';
import * as styles from './order-summary.css';

export const YOUR_ORDER = 'Your order';
/** The purchase area's heading in a dialog opened from an order: buying again is a new order. */
export const BUY_ANOTHER = 'Buy another unit';

/**
 * The order a buyer opened the product dialog from (View Details): number, date paid, price
 * paid, status with its next date in words, and the tracking number once there is one. All of
 * it from the buyer's order list, in the words the Recent Orders table uses.
 */
export function OrderSummary({ order }: { order: OrderWithProduct }) {
  const now = useChainNow();
  return (
    <section className={styles.summary} aria-labelledby="order-summary-title">
      <div className={styles.header}>
        <h3 id="order-summary-title" className={styles.title}>
          {YOUR_ORDER}: Order #{order.id}
        </h3>
        <StatusBadge status={orderBadge(order.status, 'buyer')} />
      </div>
      <dl className={styles.facts}>
        <Fact term="Paid">{formatDate(order.createdAt)}</Fact>
        <Fact term="Price paid">{formatPrice(order.price, 2)} SOL</Fact>
        {order.trackingNumber ? <Fact term="Tracking">{order.trackingNumber}</Fact> : null}
      </dl>
      <OrderDeadline order={order} viewer="buyer" now={now} />
      <OrderSplit order={order} viewer="buyer" />
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
