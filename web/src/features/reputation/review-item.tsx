import type { Review } from '@src/domain/entities';
import { formatDate } from '@web/lib/format-date';
import { starsText } from './reputation-text';
import * as styles from './reputation.css';

/** One review: stars, who and when, the comment and the seller's answer. */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <article className={styles.review} data-testid="review">
      <div className={styles.reviewHead}>
        <span className={styles.stars} role="img" aria-label={`${review.rating} of 5 stars`}>
          {starsText(review.rating)}
        </span>
        <span>
          Buyer #{review.buyerId} · Order #{review.orderId} · {formatDate(review.createdAt)}
        </span>
      </div>
      {review.comment ? <p className={styles.comment}>{review.comment}</p> : null}
      {review.reply ? (
        <p className={styles.reply}>
          <strong>Seller’s answer:</strong> {review.reply}
        </p>
      ) : null}
    </article>
  );
}
