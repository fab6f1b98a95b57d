import { useState, type FormEvent } from 'react';
import type { Review } from '@src/domain/entities';
import { MAX_REVIEW_TEXT } from '@src/domain/review';
import { reviewOrder } from '@web/api/review-order';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { starsText } from './reputation-text';
import * as styles from './reputation.css';

export const RATING_MISSING = 'Choose a rating from 1 to 5 stars';
export const COMMENT_TOO_LONG = `A review can be at most ${MAX_REVIEW_TEXT.toLocaleString('en-US')} characters`;

/** What is wrong with a review before it is sent, or null. */
export function reviewProblem(rating: number | null, comment: string): string | null {
  if (rating === null) return RATING_MISSING;
  if (comment.trim().length > MAX_REVIEW_TEXT) return COMMENT_TOO_LONG;
  return null;
}

/** "Rate the seller": 1 to 5 stars and a comment of up to 1,000 characters, sent once. */
export function ReviewDialog({
  orderId,
  open,
  onClose,
  onReviewed,
}: {
  orderId: number;
  open: boolean;
  onClose: () => void;
  onReviewed: (review: Review) => void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const tooLong = comment.trim().length > MAX_REVIEW_TEXT;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = reviewProblem(rating, comment);
    setProblem(local);
    if (local || rating === null) return;
    setSending(true);
    try {
      onReviewed(await reviewOrder(orderId, { rating, comment: comment.trim() }));
    } catch (error) {
      setProblem((error as Error).message || 'Could not send the review');
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Rate the seller"
      description={`Order #${orderId}: a review can be left once and cannot be changed.`}
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.starPicker}>
          <legend className={styles.legend}>Rating</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.starOption} data-on={rating !== null && n <= rating}>
              <input
                className={styles.radio}
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setProblem(null);
                }}
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
              />
              {/* Filled or hollow, not by colour alone. */}
              <span aria-hidden="true">{rating !== null && n <= rating ? '★' : '☆'}</span>
            </label>
          ))}
        </fieldset>
        <span className={styles.counter} aria-live="polite">
          {rating === null ? 'No rating chosen' : `${starsText(rating)} ${rating} of 5`}
        </span>
        <label className={styles.field}>
          Comment (optional)
          <textarea
            className={styles.textarea}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setProblem(null);
            }}
            aria-invalid={tooLong}
            aria-describedby="review-comment-count"
          />
          <span id="review-comment-count" className={styles.counter}>
            {comment.trim().length.toLocaleString('en-US')} /{' '}
            {MAX_REVIEW_TEXT.toLocaleString('en-US')}
          </span>
        </label>
        {problem ? (
          <p role="alert" className={styles.error}>
            {problem}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {sending ? 'Sending...' : 'Submit Review'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
