import { useEffect, useState } from 'react';
import { getSellerProfile } from '@web/api/get-seller-profile';
import { useAtomValue } from '@web/state/jotai';
import { reviewsVersionAtom } from '@web/state/live-refresh';
import { ordersVersionAtom } from '@web/state/refresh';

export type SellerProfile = Awaited<ReturnType<typeof getSellerProfile>>;

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: SellerProfile }
  | { status: 'error'; message: string };

/** A seller's public profile; loads again when reviews or orders change (the figures move). */
export function useSellerProfile(sellerId: number | null): ProfileState {
  const reviews = useAtomValue(reviewsVersionAtom);
  const orders = useAtomValue(ordersVersionAtom);
  const [state, setState] = useState<ProfileState & { id?: number }>({ status: 'loading' });
  useEffect(() => {
    if (sellerId === null) return;
    let live = true;
    getSellerProfile(sellerId).then(
      (profile) => live && setState({ status: 'ready', profile, id: sellerId }),
      (error: unknown) =>
        live &&
        setState({
          status: 'error',
          message: (error as Error).message || 'Could not load the seller',
          id: sellerId,
        }),
    );
    return () => {
      live = false;
    };
  }, [sellerId, reviews, orders]);
  return state.id === sellerId ? state : { status: 'loading' };
}
