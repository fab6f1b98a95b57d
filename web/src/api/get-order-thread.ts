import { orderThread } from '@src/contracts/orders';
import { call } from './client';

/** The order's dispute (or null) and its messages, oldest first. */
export const getOrderThread = (orderId: number) => call(orderThread, { params: { id: orderId } });
