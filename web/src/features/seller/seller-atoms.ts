import { getSellerOrders } from '@web/api/get-seller-orders';
import { getSellerProducts } from '@web/api/get-seller-products';
import { remoteAtom } from '@web/state/remote-atom';
import { ordersVersionAtom, productsVersionAtom } from '@web/state/refresh';
import { userIdAtom } from '@web/features/user';

/** The signed-in seller's products (admin-removed ones included). */
export const sellerProductsAtom = remoteAtom(userIdAtom, productsVersionAtom, getSellerProducts);

/** The signed-in seller's sales, loaded again after tracking uploads and releases. */
export const sellerOrdersAtom = remoteAtom(userIdAtom, ordersVersionAtom, getSellerOrders);
