import { notFound, validation } from '../../domain/errors';
import type { Store } from '../ports';

/** A seller's public page: who (an address and since when) and the record. */
export function sellerProfile(deps: { store: Store }) {
  return async (sellerId: number) => {
    const seller = await deps.store.users.findById(sellerId);
    if (!seller) throw notFound('Seller not found');
    const [reputation] = await deps.store.reviews.reputations([sellerId]);
    return {
      seller: { id: seller.id, walletAddress: seller.walletAddress, createdAt: seller.createdAt },
      reputation: reputation!,
    };
  };
}

/** A seller's reviews, newest first. */
export function sellerReviews(deps: { store: Store }) {
  return (sellerId: number, page: { limit: number; cursor?: string }) =>
    deps.store.reviews.listBySeller(sellerId, page);
}

export const MAX_SELLERS = 100;

/** Several sellers' records at once (a page of product cards). */
export function reputations(deps: { store: Store }) {
  return async (sellerIds: readonly number[]) => {
    const unique = [...new Set(sellerIds)];
    if (unique.length > MAX_SELLERS) throw validation(`Ask for at most ${MAX_SELLERS} sellers`);
    return deps.store.reviews.reputations(unique);
  };
}
