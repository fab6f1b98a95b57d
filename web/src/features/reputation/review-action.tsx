import { useState } from 'react';
import type { Order } from '@src/domain/entities';
import { Button } from '@web/components/ui/button';
import { useSetAtom } from '@web/state/jotai';
import { refreshReviewsAtom } from '@web/state/live-refresh';
import { starsText } from './reputation-text';
import { ReviewDialog } from './review-dialog';
import { useOrderReview } from './use-order-review';
import * as styles from './reputation.css';

/**
 * The buyer's side of a review on My Purchases: a completed (paid, not refunded) order without
 * a review offers "Leave a Review"; a reviewed one shows its stars. Other orders show nothing.
 */
export function ReviewAction({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const completed = order.status === 'completed';
  const state = useOrderReview(order.id, completed);
  const refreshReviews = useSetAtom(refreshReviewsAtom);
  const [open, setOpen] = useState(false);
  if (!completed || state.status !== 'ready') return null;
  if (state.review) {
    return (
      <span className={styles.rated} aria-label={`You rated ${state.review.rating} of 5`}>
        Rated {starsText(state.review.rating)}
      </span>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Leave a Review
      </Button>
      <ReviewDialog
        orderId={order.id}
        open={open}
        onClose={() => setOpen(false)}
        onReviewed={() => {
          setOpen(false);
          refreshReviews();
        }}
      />
    </>
  );
}
