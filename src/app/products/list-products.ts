import { MANAGED_STATUSES, MARKETPLACE_STATUSES } from '../../domain/product-lifecycle';
import type { Category, ProductStatus } from '../../domain/product';
import { requireAdmin, type Caller } from '../context';
import type { ProductQuery, Store } from '../ports';

export interface MarketQuery {
  category?: Category | 'all';
  search?: string;
  limit: number;
  cursor?: string;
}

/** The marketplace: active and sold products, newest first, a page at a time. */
const marketplaceQuery = (query: MarketQuery): ProductQuery => ({
  statuses: MARKETPLACE_STATUSES,
  category: query.category === 'all' ? undefined : query.category,
  search: query.search,
  limit: query.limit,
  cursor: query.cursor,
});

/** A seller's own list: everything but what the seller removed (admin-removed stays). */
const sellerQuery = (sellerId: number, page: { limit: number; cursor?: string }): ProductQuery => ({
  statuses: MANAGED_STATUSES,
  sellerId,
  ...page,
});

/*
 * Both lists answer with each page already as the JSON text of the answer (ProductRepository's
 * listEncoded): the lists read most, served without reading rows into objects.
 */
export function listMarketplace(deps: { store: Store }) {
  return (query: MarketQuery) => deps.store.products.listEncoded(marketplaceQuery(query));
}

export function listSellerProducts(deps: { store: Store }) {
  return (sellerId: number, page: { limit: number; cursor?: string }) =>
    deps.store.products.listEncoded(sellerQuery(sellerId, page));
}

/** Admin Product Management: every product but those their sellers removed; search, one status. */
export function adminListProducts(deps: { store: Store }) {
  return (
    caller: Caller | null,
    wallet: string | undefined,
    query: { limit: number; cursor?: string; search?: string; status?: ProductStatus },
  ) => {
    requireAdmin(caller, wallet);
    const { status, ...page } = query;
    const statuses = status && MANAGED_STATUSES.includes(status) ? [status] : MANAGED_STATUSES;
    return deps.store.products.list({ statuses, ...page });
  };
}
