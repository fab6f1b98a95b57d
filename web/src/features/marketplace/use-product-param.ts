import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Product } from '@src/domain/entities';
import { getProduct } from '@web/api/get-product';
import { useToast } from '@web/components/toast/use-toast';

/** The query parameter that gives the marketplace's product dialog its address: /?product=12. */
export const PRODUCT_PARAM = 'product';

/** Marks a history entry this page pushed, so closing the dialog can step Back over it. */
const OPENED_HERE = 'productOpenedHere';

const productIdOf = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

/**
 * The marketplace's open product, kept in the URL (?product=<id>) so it can be shared, reloaded
 * and closed with Back. A card hands over its copy; an address alone is read by id. An id that
 * cannot be shown (not a number, unknown, deleted) gets the toast and leaves the URL.
 */
export function useProductParam() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const raw = params.get(PRODUCT_PARAM);
  const id = productIdOf(raw);
  const [loaded, setLoaded] = useState<Product | null>(null);

  const drop = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PRODUCT_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const fail = useCallback(
    (description: string) => {
      toast({ title: 'Could not open the product', description, variant: 'destructive' });
      drop();
    },
    [toast, drop],
  );

  const have = loaded !== null && loaded.id === id;
  useEffect(() => {
    if (raw === null || have) return;
    if (id === null) return fail('That product link is not valid.');
    let live = true;
    getProduct(id).then(
      (product) => {
        if (!live) return;
        if (product.status === 'deleted') fail('This product is no longer listed.');
        else setLoaded(product);
      },
      (error: Error) => live && fail(error.message || 'Please try again.'),
    );
    return () => {
      live = false;
    };
  }, [raw, id, have, fail]);

  const open = (product: Product) => {
    setLoaded(product);
    const next = new URLSearchParams(params);
    next.set(PRODUCT_PARAM, String(product.id));
    void navigate({ search: `?${next.toString()}` }, { state: { [OPENED_HERE]: true } });
  };

  const close = () => {
    const state = location.state as Record<string, unknown> | null;
    if (state?.[OPENED_HERE]) void navigate(-1);
    else drop();
  };

  return { product: have ? loaded : null, open, close };
}
