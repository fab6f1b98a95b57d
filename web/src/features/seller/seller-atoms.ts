import { getSellerOrders } from '../../api/get-seller-orders';
import { getSellerProducts } from '../../api/get-seller-products';
import { remoteAtom } from '../../state/remote-atom';
import { ordersVersionAtom, productsVersionAtom } from '../../state/refresh';
import { userIdAtom } from '../user/user-id-atom';

/** The signed-in seller's products (admin-removed ones included). */
export const sellerProductsAtom = remoteAtom(userIdAtom, productsVersionAtom, getSellerProducts);

/** The signed-in seller's sales, loaded again after tracking uploads and releases. */
export const sellerOrdersAtom = remoteAtom(userIdAtom, ordersVersionAtom, getSellerOrders);
