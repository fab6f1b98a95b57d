import type { Reputation } from '@src/domain/entities';
import { ratingLabel, ratingSummary } from './reputation-text';
import * as styles from './reputation.css';

/** A seller's record in one line (product cards): nothing while it loads. */
export function ReputationCompact({ reputation }: { reputation: Reputation | undefined }) {
  if (!reputation) return null;
  const rated = reputation.averageRating !== null && reputation.reviews > 0;
  return (
    <span
      className={`${styles.compact} ${rated ? '' : styles.muted}`}
      aria-label={ratingLabel(reputation)}
      data-testid="seller-rating"
    >
      {ratingSummary(reputation)}
    </span>
  );
}
