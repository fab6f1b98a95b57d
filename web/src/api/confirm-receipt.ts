import { confirmReceipt as confirm } from '@src/contracts/orders';
import { call } from './client';

/** The buyer has the goods: the seller's payment becomes due now. */
export const confirmReceipt = (orderId: number) => call(confirm, { params: { id: orderId } });
