import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import type { OrderWithProduct, Product } from '@src/domain/entities';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { StatCard, StatGrid } from '@web/components/dashboard/stat-card';
import * as dash from '@web/components/dashboard/dashboard.css';
import { visuallyHidden } from '@web/components/ui/surface.css';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom, refreshProductsAtom } from '@web/state/refresh';
import { useChainNow } from '@web/features/protection';
import { useAskedOrder, useShowAskedOrder } from '@web/lib/asked-order';
import { DeleteListingDialog } from './delete-listing-dialog';
import { ListingsTable } from './listings-table';
import { SaleCard } from './sale-card';
import { sellerOrdersAtom, sellerProductsAtom } from './seller-atoms';
import { sellerStats } from './seller-stats';
import { UploadTrackingDialog } from './upload-tracking-dialog';
import * as styles from './seller.css';

export const NO_LISTINGS = 'No listings found. Create your first listing to get started!';
export const NO_SALES = 'No sales yet. Start selling to see your transactions here!';

const newestFirst = <T extends { createdAt: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** The four stat cards and the Your Listings / Your Sales tabs. */
export function SellerOverview({ onEdit }: { onEdit: (product: Product) => void }) {
  const products = useAtomValue(sellerProductsAtom);
  const orders = useAtomValue(sellerOrdersAtom);
  const refreshProducts = useSetAtom(refreshProductsAtom);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [tracking, setTracking] = useState<OrderWithProduct | null>(null);
  const now = useChainNow();
  // A link to one sale (a notification's) opens Your Sales at it.
  const ask = useAskedOrder()?.ask ?? null;
  const [tab, setTab] = useState(ask !== null ? 'sales' : 'listings');
  useEffect(() => {
    if (ask !== null) setTab('sales');
  }, [ask]);
  useShowAskedOrder(orders.status === 'ready' && tab === 'sales');

  if (products.status === 'error') {
    return <LoadError message={products.message} onRetry={refreshProducts} />;
  }
  if (orders.status === 'error') {
    return <LoadError message={orders.message} onRetry={refreshOrders} />;
  }
  if (products.status !== 'ready' || orders.status !== 'ready') {
    return <SkeletonRows rows={5} label="Loading your listings" />;
  }

  const stats = sellerStats(products.data, orders.data);
  return (
    <>
      <StatGrid>
        <StatCard label="Active Listings" value={stats.activeListings} />
        <StatCard
          label="Total Sales"
          value={`${stats.totalSales} SOL`}
          exact={`${stats.totalSalesExact} SOL exactly`}
        />
        <StatCard label="Sold Items" value={stats.soldItems} />
        <StatCard label="Needs Tracking" value={stats.needsTracking} />
      </StatGrid>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List className={dash.tabsList} aria-label="Listings and sales">
          <Tabs.Trigger className={dash.tab} value="listings">
            Your Listings
          </Tabs.Trigger>
          <Tabs.Trigger className={dash.tab} value="sales">
            Your Sales
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="listings" className={`${dash.tabPanel} ${dash.panel}`}>
          {products.data.length === 0 ? (
            <EmptyState text={NO_LISTINGS} />
          ) : (
            <ListingsTable
              products={newestFirst(products.data)}
              onEdit={onEdit}
              onDelete={setDeleting}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="sales" className={dash.tabPanel}>
          {/* Each sale's card is headed h3; the tab is no heading, so the outline names it. */}
          <h2 className={visuallyHidden}>Your Sales</h2>
          {orders.data.length === 0 ? (
            <div className={dash.panel}>
              <EmptyState text={NO_SALES} />
            </div>
          ) : (
            <div className={styles.sales}>
              {newestFirst(orders.data).map((order) => (
                <SaleCard key={order.id} order={order} now={now} onUploadTracking={setTracking} />
              ))}
            </div>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <DeleteListingDialog product={deleting} onClose={() => setDeleting(null)} />
      <UploadTrackingDialog order={tracking} onClose={() => setTracking(null)} />
    </>
  );
}
