import { reputations } from '@src/contracts/reviews';
import { call } from './client';

/** GET /api/reputations?sellerIds=1,2: several sellers' records at once (product cards). */
export const getReputations = (sellerIds: readonly number[]) =>
  call(reputations, { query: { sellerIds: sellerIds.join(',') } });
