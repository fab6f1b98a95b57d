import { useEffect, useRef, useState } from 'react';
import type { Product } from '@src/domain/entities';
import { getProduct } from '@web/api/get-product';
import { useAtomValue } from '@web/state/jotai';
import { productsVersionAtom } from '@web/state/refresh';

/**
 * The shown product as it is now: when products change while the dialog is open (a purchase,
 * a live event) it is read again by id, so a unit sold meanwhile shows Sold Out instead of the
 * copy the page handed over when the dialog opened. Unreadable, the copy stays.
 */
export function useCurrentProduct(shown: Product): Product {
  const version = useAtomValue(productsVersionAtom);
  const openedAt = useRef(version);
  const [fresh, setFresh] = useState<Product | null>(null);
  const id = shown.id;

  useEffect(() => {
    if (version === openedAt.current) return;
    let live = true;
    getProduct(id).then(
      (product) => live && setFresh(product),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  return fresh && fresh.id === id ? fresh : shown;
}
