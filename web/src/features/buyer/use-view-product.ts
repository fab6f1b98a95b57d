import { useCallback, useState } from 'react';
import type { OrderWithProduct, Product } from '@src/domain/entities';
import { getProduct } from '@web/api/get-product';
import { useToast } from '@web/components/toast/use-toast';

/** Fetches an order's full product for the detail dialog (one call, on demand). */
export function useViewProduct() {
  const { toast } = useToast();
  const [product, setProduct] = useState<Product | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const view = useCallback(
    async (order: OrderWithProduct) => {
      setOpening(order.id);
      try {
        setProduct(await getProduct(order.productId));
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

  return { product, opening, view, close: () => setProduct(null) };
}
