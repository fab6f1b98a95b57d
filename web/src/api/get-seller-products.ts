import { listProducts } from '@src/contracts/products';
import { getAllPages } from './get-all-pages';

/** Every product of a seller, admin-removed (deleted) ones included. */
export const getSellerProducts = (sellerId: number) => getAllPages(listProducts, { sellerId });
