import { useState } from 'react';
import type { Product } from '@src/domain/entities';
import { adminDeleteProduct } from '@web/api/admin-products';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { useToast } from '@web/components/toast/use-toast';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshProductsAtom } from '@web/state/refresh';
import { adminProductsAtom } from './admin-atoms';
import { AdminProductCard } from './admin-product-card';
import * as styles from './admin.css';

/** Every product in the marketplace; the admin can mark any as deleted. */
export function ProductManagement({ admin }: { admin: string }) {
  const products = useAtomValue(adminProductsAtom);
  const refresh = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);

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

  if (products.status === 'error') {
    return <LoadError message={products.message} onRetry={refresh} />;
  }
  if (products.status !== 'ready') return <SkeletonRows rows={3} label="Loading products" />;
  if (products.data.length === 0)
    return <EmptyState text="No products found in the marketplace." />;
  return (
    <>
      <div className={styles.grid}>
        {products.data.map((product) => (
          <AdminProductCard key={product.id} product={product} onDelete={setDeleting} />
        ))}
      </div>
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
