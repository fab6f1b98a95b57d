import { sellerProfile } from '@src/contracts/reviews';
import { call } from './client';

/** GET /api/sellers/:id: who the seller is (address, since when) and their record. */
export const getSellerProfile = (sellerId: number) =>
  call(sellerProfile, { params: { id: sellerId } });
