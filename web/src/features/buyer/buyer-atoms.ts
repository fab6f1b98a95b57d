import { getBuyerOrders } from '../../api/get-buyer-orders';
import { remoteAtom } from '../../state/remote-atom';
import { ordersVersionAtom } from '../../state/refresh';
import { userIdAtom } from '../user/user-id-atom';

/** The signed-in buyer's orders; loads again whenever orders change (purchase, release...). */
export const buyerOrdersAtom = remoteAtom(userIdAtom, ordersVersionAtom, getBuyerOrders);
