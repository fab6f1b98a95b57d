import { adminDeleteProduct as remove, adminListProducts } from '@src/contracts/products';
import { call } from './client';
import { getAllPages } from './get-all-pages';

/** Every marketplace product, whatever its status (admin). */
export const getAdminProducts = (walletAddress: string) =>
  getAllPages(adminListProducts, { walletAddress });

/** Marks a product deleted (admin); answers the deleted product. */
export const adminDeleteProduct = (id: number, walletAddress: string) =>
  call(remove, { params: { id }, query: { walletAddress } });
