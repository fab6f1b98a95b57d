import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { PageHeader } from '@web/components/dashboard/page-header';
import { StatCard, StatGrid } from '@web/components/dashboard/stat-card';
import * as styles from '@web/components/dashboard/dashboard.css';
import { container } from '@web/components/ui/surface.css';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { ProductDialog } from '@web/features/product';
import { UnboughtPayments } from '@web/features/protection';
import { SignedInGate } from '@web/features/user';
import { buyerOrdersAtom } from './buyer-atoms';
import { buyerStats } from './buyer-stats';
import { BUY_ANOTHER, OrderSummary } from './order-summary';
import { OrdersTable } from './orders-table';
import { useViewProduct } from './use-view-product';

export const NO_ORDERS = 'No orders found. Start shopping to see your purchases here!';

/** Route /buyer-dashboard (My Purchases): the signed-in buyer's orders and their totals. */
export default function BuyerDashboard() {
  return (
    <div className={`${container} ${styles.page}`}>
      <PageHeader title="My Purchases" subtitle="track your orders and escrow payments" />
      <SignedInGate purpose="see your purchases">{() => <Purchases />}</SignedInGate>
    </div>
  );
}

function Purchases() {
  const orders = useAtomValue(buyerOrdersAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const details = useViewProduct();

  if (orders.status === 'error') return <LoadError message={orders.message} onRetry={refresh} />;
  if (orders.status !== 'ready') return <SkeletonRows rows={4} label="Loading your orders" />;

  const stats = buyerStats(orders.data);
  const newestFirst = [...orders.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const viewed = orders.data.find((o) => o.id === details.orderId);
  return (
    <>
      <StatGrid>
        <StatCard label="Total Orders" value={stats.totalOrders} />
        <StatCard
          label="Total Spent"
          value={`${stats.totalSpent} SOL`}
          hint="Refunds excluded"
          exact={`${stats.totalSpentExact} SOL exactly`}
        />
        <StatCard
          label="Pending Orders"
          value={stats.pendingOrders}
          hint="Paid, not yet released"
        />
        <StatCard label="Completed" value={stats.completed} />
      </StatGrid>
      <section className={styles.panel} aria-labelledby="recent-orders">
        <h2 id="recent-orders" className={styles.panelTitle}>
          Recent Orders
        </h2>
        {newestFirst.length === 0 ? (
          <EmptyState text={NO_ORDERS} />
        ) : (
          <OrdersTable
            orders={newestFirst}
            opening={details.opening}
            onView={(order) => void details.view(order)}
          />
        )}
      </section>
      <UnboughtPayments />
      <ProductDialog
        product={details.product}
        onClose={details.close}
        summary={viewed ? <OrderSummary order={viewed} /> : undefined}
        purchaseHeading={viewed ? BUY_ANOTHER : undefined}
      />
    </>
  );
}
