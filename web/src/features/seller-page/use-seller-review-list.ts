import { useCallback, useEffect, useState } from 'react';
import type { Review } from '@src/domain/entities';
import { getSellerReviews } from '@web/api/get-seller-reviews';
import { useAtomValue } from '@web/state/jotai';
import { reviewsVersionAtom } from '@web/state/live-refresh';

interface ReviewList {
  sellerId: number;
  items: Review[];
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'loading-more' | 'error';
  error: string | null;
}

/** A seller's reviews, newest first, a page at a time; the first page loads again on changes. */
export function useSellerReviewList(sellerId: number) {
  const version = useAtomValue(reviewsVersionAtom);
  const [list, setList] = useState<ReviewList>({
    sellerId,
    items: [],
    nextCursor: null,
    status: 'loading',
    error: null,
  });
  useEffect(() => {
    let live = true;
    getSellerReviews(sellerId).then(
      (page) => live && setList({ sellerId, ...page, status: 'ready', error: null }),
      (error: unknown) =>
        live &&
        setList({
          sellerId,
          items: [],
          nextCursor: null,
          status: 'error',
          error: (error as Error).message,
        }),
    );
    return () => {
      live = false;
    };
  }, [sellerId, version]);

  const loadMore = useCallback(async () => {
    if (list.status !== 'ready' || !list.nextCursor) return;
    setList({ ...list, status: 'loading-more' });
    try {
      const page = await getSellerReviews(sellerId, list.nextCursor);
      setList((now) =>
        now.sellerId === sellerId
          ? {
              ...now,
              items: [...now.items, ...page.items],
              nextCursor: page.nextCursor,
              status: 'ready',
            }
          : now,
      );
    } catch (error) {
      setList((now) => ({ ...now, status: 'ready', error: (error as Error).message }));
    }
  }, [list, sellerId]);

  const current = list.sellerId === sellerId ? list : { ...list, items: [], status: 'loading' };
  return { ...current, loadMore };
}
