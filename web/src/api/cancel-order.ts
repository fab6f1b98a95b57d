import { cancelOrder as cancel } from '@src/contracts/orders';
import { call } from './client';

/** Calls off an unshipped order (the seller any time, the buyer after ship-by): refund due. */
export const cancelOrder = (orderId: number) => call(cancel, { params: { id: orderId } });
