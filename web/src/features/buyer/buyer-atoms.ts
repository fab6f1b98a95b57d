import { getBuyerOrders } from '@web/api/get-buyer-orders';
import { remoteAtom } from '@web/state/remote-atom';
import { ordersVersionAtom } from '@web/state/refresh';
import { userIdAtom } from '@web/features/user';

/** The signed-in buyer's orders; loads again whenever orders change (purchase, release...). */
export const buyerOrdersAtom = remoteAtom(userIdAtom, ordersVersionAtom, getBuyerOrders);
