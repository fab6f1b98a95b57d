import { validation } from './errors';
import { hiddenCharactersError } from './text';
import type { Order } from './entities';

export const MAX_REVIEW_TEXT = 1000;

/** A rating is a whole number of stars from 1 to 5. */
export function ratingError(rating: number): string | null {
  return Number.isInteger(rating) && rating >= 1 && rating <= 5
    ? null
    : 'A rating is a whole number of stars from 1 to 5';
}

/** Trimmed review or reply text, at most 1,000 characters. */
export function reviewText(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed.length > MAX_REVIEW_TEXT) {
    throw validation(`${what} can be at most ${MAX_REVIEW_TEXT} characters`);
  }
  const hidden = hiddenCharactersError(what, trimmed, 'lines');
  if (hidden) throw validation(hidden);
  return trimmed;
}

/**
 * Only a paid order that completed can be reviewed, so a review cannot be had without a real
 * trade; a refunded (cancelled) one cannot.
 */
export function reviewRefusal(order: Pick<Order, 'status'>): string | null {
  if (order.status === 'completed') return null;
  if (order.status === 'cancelled') return 'A refunded order cannot be reviewed';
  return 'An order can be reviewed once it is completed';
}
