import type { Product } from '../../../src/domain/entities';
import { request } from './client';
import { getAllPages } from './get-all-pages';

/** Every marketplace product, whatever its status (admin). */
export const getAdminProducts = (walletAddress: string) =>
  getAllPages<Product>('/api/admin/products', { walletAddress });

/** Marks a product deleted (admin); answers the deleted product. */
export const adminDeleteProduct = (id: number, walletAddress: string) =>
  request<Product>(`/api/admin/products/${id}`, { method: 'DELETE', query: { walletAddress } });
