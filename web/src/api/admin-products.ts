import { adminDeleteProduct as remove, adminListProducts } from '@src/contracts/products';
import type { ProductStatus } from '@src/domain/product';
import { call, exchange } from './client';

export interface AdminProductsQuery {
  search?: string;
  status?: ProductStatus;
  cursor?: string;
  limit: number;
}

/** Products a page in Product Management: the list stays short however large the marketplace. */
export const ADMIN_PAGE = 50;

/** One page of Product Management, narrowed on the server; `nextCursor` null on the last. */
export async function getAdminProductsPage(walletAddress: string, query: AdminProductsQuery) {
  const { answer, headers } = await exchange(adminListProducts, {
    query: { walletAddress, ...query },
  });
  return { items: answer, nextCursor: headers.get('X-Next-Cursor') || null };
}

/** Product Management's first page, neither searched nor filtered (what a reload shows first). */
export const getAdminProductsFirstPage = (walletAddress: string) =>
  getAdminProductsPage(walletAddress, { limit: ADMIN_PAGE });

/** Marks a product deleted (admin); answers the deleted product. */
export const adminDeleteProduct = (id: number, walletAddress: string) =>
  call(remove, { params: { id }, query: { walletAddress } });
