import { useEffect, useState } from 'react';
import type { Review } from '@src/domain/entities';
import { getOrderReview } from '@web/api/get-order-review';
import { useAtomValue } from '@web/state/jotai';
import { reviewsVersionAtom } from '@web/state/live-refresh';

export type OrderReviewState =
  | { status: 'loading' }
  | { status: 'ready'; review: Review | null }
  | { status: 'error'; message: string };

/** The review of one order (null: none yet), asked only when `enabled` (a completed order). */
export function useOrderReview(orderId: number, enabled: boolean): OrderReviewState {
  const version = useAtomValue(reviewsVersionAtom);
  const [state, setState] = useState<OrderReviewState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getOrderReview(orderId).then(
      (review) => live && setState({ status: 'ready', review }),
      (error: unknown) =>
        live &&
        setState({ status: 'error', message: (error as Error).message || 'Request failed' }),
    );
    return () => {
      live = false;
    };
  }, [orderId, enabled, version]);
  return state;
}
