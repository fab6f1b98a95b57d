import type { Product } from '../../../src/domain/entities';
import { getAllPages } from './get-all-pages';

/** Every product of a seller, admin-removed (deleted) ones included. */
export const getSellerProducts = (sellerId: number) =>
  getAllPages<Product>('/api/products', { sellerId });
