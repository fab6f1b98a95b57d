import { useEffect, useMemo, useRef } from 'react';
import type { Product } from '@src/domain/entities';
import { Button } from '@web/components/ui/button';
import { visuallyHidden } from '@web/components/ui/surface.css';
import { useSetAtom } from '@web/state/jotai';
import { ProductCard, ProductCardSkeleton, productGrid } from '@web/features/product';
import { ReputationCompact, useReputations } from '@web/features/reputation';
import { loadMoreAtom, type Feed, type MarketplaceFilter } from './marketplace-atoms';
import * as styles from './marketplace.css';
import { WindowedGrid } from './windowed-grid';

export const SKELETON_COUNT = 8;
export const EMPTY_TEXT = 'No products found matching your criteria.';

/** What a screen reader hears when the results change (a search, a category, a page more). */
export function resultsAnnouncement(feed: Feed, filter: MarketplaceFilter): string {
  if (feed.status === 'loading') return 'Loading products';
  if (feed.status === 'error' && feed.items.length === 0) return '';
  const search = filter.search ? ` for “${filter.search}”` : '';
  if (feed.items.length === 0) return `No products found${search}`;
  const count = feed.items.length === 1 ? '1 product' : `${feed.items.length} products`;
  const more = feed.nextCursor !== null ? ', more below' : '';
  return `${count} shown${search}${more}`;
}

/** The grid and its live announcement. */
export function ProductGrid(props: {
  feed: Feed;
  filter: MarketplaceFilter;
  onOpen: (product: Product) => void;
  /** Loads the first page again, after it failed. */
  onRetry: () => void;
}) {
  return (
    <>
      {/* The cards' names are h3: the page's outline names their list. */}
      <h2 className={visuallyHidden}>Products</h2>
      <p role="status" className={visuallyHidden} data-testid="results-status">
        {resultsAnnouncement(props.feed, props.filter)}
      </p>
      <GridBody {...props} />
    </>
  );
}

/** 8 skeletons while loading, the empty text, and more pages as the end scrolls in. */
function GridBody(props: {
  feed: Feed;
  filter: MarketplaceFilter;
  onOpen: (product: Product) => void;
  onRetry: () => void;
}) {
  const { feed, filter, onOpen, onRetry } = props;
  const loadMore = useSetAtom(loadMoreAtom);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = feed.status === 'ready' && feed.nextCursor !== null;
  const sellerIds = useMemo(() => feed.items.map((p) => p.sellerId), [feed.items]);
  const reputations = useReputations(sellerIds);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore(filter);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore, filter]);

  if (feed.status === 'loading') {
    return (
      <div className={productGrid} aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (feed.status === 'error' && feed.items.length === 0) {
    return (
      <div className={styles.error}>
        <p role="alert">Could not load products: {feed.error}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (feed.items.length === 0) return <p className={styles.empty}>{EMPTY_TEXT}</p>;
  return (
    <>
      <WindowedGrid
        items={feed.items}
        itemKey={(product) => product.id}
        renderItem={(product) => (
          <ProductCard
            product={product}
            onOpen={onOpen}
            rating={<ReputationCompact reputation={reputations.get(product.sellerId)} />}
          />
        )}
      />
      <div ref={sentinel} className={styles.more}>
        {hasMore ? (
          <Button variant="secondary" onClick={() => void loadMore(filter)}>
            Load more
          </Button>
        ) : null}
        {feed.status === 'loading-more' ? <span>Loading more...</span> : null}
      </div>
    </>
  );
}
