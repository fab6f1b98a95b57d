import { useState, type FormEvent } from 'react';
import type { Order } from '@src/domain/entities';
import { MAX_REVIEW_TEXT } from '@src/domain/review';
import { replyToReview } from '@web/api/reply-to-review';
import { Button } from '@web/components/ui/button';
import { useSetAtom } from '@web/state/jotai';
import { refreshReviewsAtom } from '@web/state/live-refresh';
import { ReviewItem } from './review-item';
import { useOrderReview } from './use-order-review';
import * as styles from './reputation.css';

export const REPLY_EMPTY = 'An answer needs some text';
export const REPLY_TOO_LONG = `An answer can be at most ${MAX_REVIEW_TEXT.toLocaleString('en-US')} characters`;

/** The seller's side on Your Sales: the buyer's review of a completed order, answered once. */
export function ReviewReply({ order }: { order: Pick<Order, 'id' | 'status'> }) {
  const state = useOrderReview(order.id, order.status === 'completed');
  const refreshReviews = useSetAtom(refreshReviewsAtom);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (order.status !== 'completed' || state.status !== 'ready' || !state.review) return null;
  const { review } = state;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const local = !trimmed ? REPLY_EMPTY : trimmed.length > MAX_REVIEW_TEXT ? REPLY_TOO_LONG : null;
    setProblem(local);
    if (local) return;
    setSending(true);
    try {
      await replyToReview(order.id, trimmed);
      setOpen(false);
      refreshReviews();
    } catch (error) {
      setProblem((error as Error).message || 'Could not send the answer');
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-label={`Review of order #${order.id}`}>
      <ReviewItem review={review} />
      {review.reply === null && !open ? (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Reply to Review
        </Button>
      ) : null}
      {review.reply === null && open ? (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <label className={styles.field}>
            Your answer
            <textarea
              className={styles.textarea}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={text.trim().length > MAX_REVIEW_TEXT}
            />
          </label>
          {problem ? (
            <p role="alert" className={styles.error}>
              {problem}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={sending} aria-busy={sending}>
              {sending ? 'Sending...' : 'Send Answer'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
