import { useEffect, useId, useState } from 'react';
import type { Product } from '@src/domain/entities';
import type { ProductStatus } from '@src/domain/product';
import { MANAGED_STATUSES } from '@src/domain/product-lifecycle';
import {
  ADMIN_PAGE,
  adminDeleteProduct,
  getAdminProductsFirstPage,
  getAdminProductsPage,
} from '@web/api/admin-products';
import { earlyKeys, takeEarly } from '@web/api/early';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { visuallyHidden } from '@web/components/ui/surface.css';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useDebounced } from '@web/lib/use-debounced';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { productsVersionAtom, refreshProductsAtom } from '@web/state/refresh';
import { AdminProductRow } from './admin-product-row';
import * as styles from './product-management.css';

const STATUS_NAMES: Record<ProductStatus, string> = {
  active: 'Active',
  sold: 'Sold',
  inactive: 'Inactive',
  deleted: 'Deleted',
  removed: 'Removed',
};

type PageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: Product[]; nextCursor: string | null };

/**
 * Every product in the marketplace, searched, filtered by status and paged on the server; the
 * admin can mark any as deleted (after confirming).
 */
export function ProductManagement({ admin }: { admin: string }) {
  const version = useAtomValue(productsVersionAtom);
  const refresh = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  // The cursor of each page reached so far: Previous goes back without asking for it again.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<PageState>({ status: 'loading' });
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const cursor = cursors[cursors.length - 1];

  // A new question starts again at the first page (set together: one fetch, not two).
  const settled = useDebounced(typed.trim());
  if (settled !== search) {
    setSearch(settled);
    setCursors([undefined]);
  }

  useEffect(() => {
    let live = true;
    setPage((p) => (p.status === 'ready' ? p : { status: 'loading' }));
    const first = !search && !status && !cursor;
    // The first page of a reload was asked for before the page's code arrived (early-requests).
    const request = first
      ? takeEarly(earlyKeys.adminProducts(admin), () => getAdminProductsFirstPage(admin))
      : getAdminProductsPage(admin, {
          search: search || undefined,
          status: status || undefined,
          cursor,
          limit: ADMIN_PAGE,
        });
    request.then(
      (answer) => live && setPage({ status: 'ready', ...answer }),
      (error: Error) => live && setPage({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [admin, search, status, cursor, version]);

  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminDeleteProduct(deleting.id, admin);
      toast({
        title: 'Product Deleted',
        description: `"${deleting.name}" has been marked as deleted.`,
      });
      refresh();
    } catch (error) {
      toast({
        title: 'Delete Failed',
        description: (error as Error).message || 'Failed to delete product',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const number = cursors.length;
  return (
    <>
      <div className={styles.toolbar} role="search">
        <label className={styles.field} htmlFor={`${ids}-search`}>
          Search products
          <input
            id={`${ids}-search`}
            className={styles.control}
            type="search"
            value={typed}
            placeholder="Name or description"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <label className={styles.narrowField} htmlFor={`${ids}-status`}>
          Status
          <select
            id={`${ids}-status`}
            className={styles.control}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ProductStatus | '');
              setCursors([undefined]);
            }}
          >
            <option value="">All</option>
            {MANAGED_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {page.status === 'error' ? (
        <LoadError message={page.message} onRetry={refresh} />
      ) : page.status === 'loading' ? (
        <SkeletonRows rows={3} label="Loading products" />
      ) : page.items.length === 0 ? (
        <EmptyState
          text={
            search !== ''
              ? 'No products match this search.'
              : status !== ''
                ? `No ${STATUS_NAMES[status].toLowerCase()} products.`
                : 'No products found in the marketplace.'
          }
        />
      ) : (
        <>
          {/* Each row's name is h3: the outline names their list. */}
          <h2 className={visuallyHidden}>Products</h2>
          <ul className={styles.rows} aria-label="Products">
            {page.items.map((product) => (
              <AdminProductRow key={product.id} product={product} onDelete={setDeleting} />
            ))}
          </ul>
          {/* Paging only when there is another page, or one before. */}
          {number === 1 && !page.nextCursor ? null : (
            <nav className={styles.pager} aria-label="Product pages">
              <Button
                variant="secondary"
                size="sm"
                disabled={number === 1}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous
              </Button>
              <span aria-live="polite">
                Page {number} · {page.items.length} shown
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.nextCursor}
                onClick={() => setCursors((c) => [...c, page.nextCursor ?? undefined])}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Product"
        description={`Mark "${deleting?.name ?? ''}" as deleted? It leaves the marketplace and its seller can no longer edit it.`}
        confirmLabel="Delete Product"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
