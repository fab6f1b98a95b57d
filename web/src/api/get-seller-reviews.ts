import { sellerReviews } from '@src/contracts/reviews';
import { exchange } from './client';

/** GET /api/sellers/:id/reviews: one page of a seller's reviews, newest first. */
export async function getSellerReviews(sellerId: number, cursor?: string) {
  const { answer, headers } = await exchange(sellerReviews, {
    params: { id: sellerId },
    query: { cursor },
  });
  return { items: answer, nextCursor: headers.get('X-Next-Cursor') || null };
}
