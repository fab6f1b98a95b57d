import { sellerOrders } from '@src/contracts/orders';
import { call } from './client';

/** The seller's sales, each with its product summary and the buyer's contact details. */
export const getSellerOrders = (userId: number) => call(sellerOrders, { params: { id: userId } });
