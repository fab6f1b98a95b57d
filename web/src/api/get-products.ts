import type { Product } from '@src/domain/entities';
import { listProducts } from '@src/contracts/products';
import { exchange } from './client';

export interface ProductQuery {
  category?: string;
  search?: string;
  limit?: number;
  cursor?: string | null;
}

export interface ProductPage {
  items: Product[];
  /** From the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** Marketplace products (active and sold, newest first), one page at a time. */
export async function getProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductPage> {
  const { answer, headers } = await exchange(listProducts, {
    query: {
      category: query.category === 'all' ? undefined : query.category,
      search: query.search?.trim() || undefined,
      limit: query.limit,
      cursor: query.cursor ?? undefined,
    },
    signal,
  });
  return { items: answer, nextCursor: headers.get('X-Next-Cursor') || null };
}
