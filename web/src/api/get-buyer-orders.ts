import { buyerOrders } from '@src/contracts/orders';
import { call } from './client';

/** The buyer's orders, each with its product summary (null when the product is gone). */
export const getBuyerOrders = (userId: number) => call(buyerOrders, { params: { id: userId } });
