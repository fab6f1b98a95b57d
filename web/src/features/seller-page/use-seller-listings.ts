import { useEffect, useState } from 'react';
import type { Product } from '@src/domain/entities';
import { getSellerProducts } from '@web/api/get-seller-products';
import { useAtomValue } from '@web/state/jotai';
import { productsVersionAtom } from '@web/state/refresh';

export type ListingsState =
  | { status: 'loading' }
  | { status: 'ready'; products: Product[] }
  | { status: 'error'; message: string };

/** The seller's products on sale now (active), newest first; loads again when products change. */
export function useSellerListings(sellerId: number): ListingsState {
  const version = useAtomValue(productsVersionAtom);
  const [state, setState] = useState<ListingsState & { id?: number }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    getSellerProducts(sellerId).then(
      (all) => {
        if (!live) return;
        const products = all
          .filter((p) => p.status === 'active')
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        setState({ status: 'ready', products, id: sellerId });
      },
      (error: unknown) =>
        live && setState({ status: 'error', message: (error as Error).message, id: sellerId }),
    );
    return () => {
      live = false;
    };
  }, [sellerId, version]);
  return state.id === sellerId ? state : { status: 'loading' };
}
