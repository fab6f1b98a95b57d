import { useCallback, useState } from 'react';
import type { OrderWithProduct, Product } from '@src/domain/entities';
import { getProduct } from '@web/api/get-product';
import { useToast } from '@web/components/toast/use-toast';

/**
 * Fetches an order's full product for the detail dialog (one call, on demand), and remembers
 * which order it was opened from (its id: the dashboard shows that order as its list has it now).
 */
export function useViewProduct() {
  const { toast } = useToast();
  const [shown, setShown] = useState<{ product: Product; orderId: number } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const view = useCallback(
    async (order: OrderWithProduct) => {
      setOpening(order.id);
      try {
        setShown({ product: await getProduct(order.productId), orderId: order.id });
      } catch (error) {
        toast({
          title: 'Could not open the product',
          description: (error as Error).message || 'Please try again.',
          variant: 'destructive',
        });
      } finally {
        setOpening(null);
      }
    },
    [toast],
  );

  return {
    product: shown?.product ?? null,
    orderId: shown?.orderId ?? null,
    opening,
    view,
    close: () => setShown(null),
  };
}
