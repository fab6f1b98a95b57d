import type { Product } from '@src/domain/entities';
import { MAX_PAGE } from '@src/contracts/products';
import { getProducts } from '@web/api/get-products';
import { atom } from '@web/state/jotai';

export const PAGE_SIZE = 24;

export interface MarketplaceFilter {
  search: string;
  category: string;
}

export interface Feed {
  key: string;
  items: Product[];
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'loading-more' | 'error';
  error: string | null;
}

const feed = atom<Feed>({ key: '', items: [], nextCursor: null, status: 'loading', error: null });

/** The marketplace's loaded products for the current search and category. */
export const feedAtom = atom((get) => get(feed));

const filterKeyOf = (filter: MarketplaceFilter) =>
  JSON.stringify([filter.search.trim(), filter.category]);
const keyOf = (filter: MarketplaceFilter, version: number) =>
  JSON.stringify([filter.search.trim(), filter.category, version]);

/**
 * Loads the first page for a filter; a later call wins over an earlier slow one. When only the
 * version moved (a purchase, a live event) the shown cards stay until the fresh ones arrive, as
 * many as were shown (up to MAX_PAGE), so stock and "Sold Out" change in place without a flash.
 */
export const loadFeedAtom = atom(
  null,
  async (get, set, filter: MarketplaceFilter & { version: number }) => {
    const key = keyOf(filter, filter.version);
    const current = get(feed);
    const sameFilter =
      current.status !== 'loading' &&
      current.status !== 'error' &&
      current.key !== key &&
      JSON.stringify(JSON.parse(current.key || '[]').slice(0, 2)) === filterKeyOf(filter);
    const limit = sameFilter
      ? Math.min(Math.max(PAGE_SIZE, current.items.length), MAX_PAGE)
      : PAGE_SIZE;
    set(
      feed,
      sameFilter
        ? { ...current, key, status: 'ready' }
        : { key, items: [], nextCursor: null, status: 'loading', error: null },
    );
    try {
      const page = await getProducts({ ...filter, limit });
      set(feed, (now) => (now.key === key ? { ...now, ...page, status: 'ready' } : now));
    } catch (error) {
      set(feed, (now) =>
        now.key === key
          ? sameFilter
            ? now
            : { ...now, status: 'error', error: (error as Error).message }
          : now,
      );
    }
  },
);

/** Appends the next page (X-Next-Cursor) when there is one and nothing else is loading. */
export const loadMoreAtom = atom(null, async (get, set, filter: MarketplaceFilter) => {
  const current = get(feed);
  if (current.status !== 'ready' || !current.nextCursor) return;
  const { key, nextCursor } = current;
  set(feed, { ...current, status: 'loading-more' });
  try {
    const page = await getProducts({ ...filter, limit: PAGE_SIZE, cursor: nextCursor });
    set(feed, (now) =>
      now.key === key
        ? {
            ...now,
            items: [...now.items, ...page.items],
            nextCursor: page.nextCursor,
            status: 'ready',
          }
        : now,
    );
  } catch (error) {
    set(feed, (now) =>
      now.key === key ? { ...now, status: 'ready', error: (error as Error).message } : now,
    );
  }
});
