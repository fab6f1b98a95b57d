import { useState } from 'react';
import type { Product } from '@src/domain/entities';
import { deleteProduct } from '@web/api/delete-product';
import { useToast } from '@web/components/toast/use-toast';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useSetAtom } from '@web/state/jotai';
import { refreshProductsAtom } from '@web/state/refresh';

/** Asks before deleting `product` (open while it is set), then deletes it. */
export function DeleteListingDialog({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const refreshProducts = useSetAtom(refreshProductsAtom);

  const confirm = async () => {
    if (!product) return;
    setBusy(true);
    try {
      await deleteProduct(product.id);
      toast({
        title: 'Product deleted',
        description: 'Your listing has been successfully deleted.',
      });
      refreshProducts();
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: (error as Error).message || 'Failed to delete product. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Listing"
      description={`Are you sure you want to delete "${product?.name ?? ''}"? This action cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
    />
  );
}
