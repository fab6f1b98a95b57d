import { useEffect, useMemo, useRef } from 'react';
import type { Product } from '@src/domain/entities';
import { Button } from '@web/components/ui/button';
import { useSetAtom } from '@web/state/jotai';
import { ProductCard, ProductCardSkeleton } from '@web/features/product';
import { ReputationCompact, useReputations } from '@web/features/reputation';
import { loadMoreAtom, type Feed, type MarketplaceFilter } from './marketplace-atoms';
import * as styles from './marketplace.css';

export const SKELETON_COUNT = 8;
export const EMPTY_TEXT = 'No products found matching your criteria.';

/** The grid: 8 skeletons while loading, the empty text, and more pages as the end scrolls in. */
export function ProductGrid(props: {
  feed: Feed;
  filter: MarketplaceFilter;
  onOpen: (product: Product) => void;
}) {
  const { feed, filter, onOpen } = props;
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
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (feed.status === 'error' && feed.items.length === 0) {
    return (
      <p role="alert" className={styles.error}>
        Could not load products: {feed.error}
      </p>
    );
  }
  if (feed.items.length === 0) return <p className={styles.empty}>{EMPTY_TEXT}</p>;
  return (
    <>
      <div className={styles.grid}>
        {feed.items.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            onOpen={onOpen}
            rating={<ReputationCompact reputation={reputations.get(product.sellerId)} />}
          />
        ))}
      </div>
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
