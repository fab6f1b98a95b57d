import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { container } from '@web/components/ui/surface.css';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { productsVersionAtom } from '@web/state/refresh';
import { ProductDialog } from '@web/features/product';
import { CATEGORY_FILTERS } from './categories';
import { CategoryFilter } from './category-filter';
import { feedAtom, loadFeedAtom } from './marketplace-atoms';
import { ProductGrid } from './product-grid';
import { SearchBox } from './search-box';
import { useProductParam } from './use-product-param';
import * as styles from './marketplace.css';

/** Route /: hero with search, category filters, the product grid and the detail dialog. */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const requested = params.get('category') ?? 'all';
  const category = CATEGORY_FILTERS.some((c) => c.id === requested) ? requested : 'all';
  const version = useAtomValue(productsVersionAtom);
  const loadFeed = useSetAtom(loadFeedAtom);
  const feed = useAtomValue(feedAtom);
  // The open product lives in the URL (?product=<id>); the dialog keeps itself current.
  const selected = useProductParam();
  const filter = useMemo(() => ({ search, category }), [search, category]);

  useEffect(() => {
    void loadFeed({ search, category, version });
  }, [loadFeed, search, category, version]);

  const update = (key: 'search' | 'category', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && !(key === 'category' && value === 'all')) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'search' },
    );

  return (
    <>
      <section className={styles.hero}>
        <div className={container}>
          <h1 className={styles.heroTitle}>Buy and sell with SOL, protected by escrow</h1>
          <p className={styles.heroText}>
            Your payment waits in escrow until the seller proves delivery. No account, just your
            wallet.
          </p>
          <SearchBox value={search} onChange={(text) => update('search', text)} />
        </div>
      </section>
      <div className={container}>
        <CategoryFilter value={category} onChange={(id) => update('category', id)} />
        <ProductGrid
          feed={feed}
          filter={filter}
          onOpen={selected.open}
          onRetry={() => void loadFeed({ search, category, version })}
        />
      </div>
      <ProductDialog product={selected.product} onClose={selected.close} />
    </>
  );
}
