import type { Product } from '../../../src/domain/entities';
import { send } from './client';

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
  const response = await send('/api/products', {
    query: {
      category: query.category === 'all' ? undefined : query.category,
      search: query.search?.trim() || undefined,
      limit: query.limit,
      cursor: query.cursor,
    },
    signal,
  });
  const items = (await response.json()) as Product[];
  return { items, nextCursor: response.headers.get('X-Next-Cursor') || null };
}
