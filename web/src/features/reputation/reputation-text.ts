import type { Reputation } from '@src/domain/entities';

export const NEW_SELLER = 'New seller';

/** "4.8": an average rating to one decimal (a rating, not money: a float is fine here). */
export const formatRating = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** "★★★★☆" for 4 stars. */
export const starsText = (rating: number) =>
  '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));

/** "25%": a share of a whole count, "0%" when there is nothing to share. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${Math.round((part * 1000) / whole) / 10}%`;
}

/**
 * The compact line of a product card, of its seller: "★ 4.8 (12)", "Seller: 3 sales, no
 * ratings" or "New seller".
 */
export function ratingSummary(rep: Reputation): string {
  if (rep.averageRating !== null && rep.reviews > 0) {
    return `★ ${formatRating(rep.averageRating)} (${rep.reviews})`;
  }
  if (rep.completedSales > 0) {
    const sales = `${rep.completedSales} ${rep.completedSales === 1 ? 'sale' : 'sales'}`;
    return `Seller: ${sales}, no ratings`;
  }
  return NEW_SELLER;
}

/** How the compact line reads to a screen reader. */
export function ratingLabel(rep: Reputation): string {
  if (rep.averageRating !== null && rep.reviews > 0) {
    const count = `${rep.reviews} ${rep.reviews === 1 ? 'review' : 'reviews'}`;
    return `Seller rated ${formatRating(rep.averageRating)} out of 5 from ${count}`;
  }
  return ratingSummary(rep);
}
