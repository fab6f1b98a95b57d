import {
  Fragment,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { productGrid } from '@web/features/product';
import { media } from '@web/theme/theme.css';

/** The grid's gap in px (vars.space.lg), between rows as between columns. */
const GAP = 16;
/** A card's height before it is measured (image 4:3 plus the text), for the scroll bar only. */
const ESTIMATED_ROW = 420;
/** Rows drawn beyond the window each way: Tab and short scrolls reach cards already there. */
const OVERSCAN = 2;

// The spec's 1/2/3/4 columns, by the same breakpoints the grid's CSS uses.
const BREAKPOINTS = [media.xl, media.lg, media.sm];
function columnsNow(): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 1;
  const at = BREAKPOINTS.findIndex((query) => window.matchMedia(query).matches);
  return at === -1 ? 1 : BREAKPOINTS.length + 1 - at;
}
function onColumnsChange(notify: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const lists = BREAKPOINTS.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', notify);
  return () => lists.forEach((list) => list.removeEventListener('change', notify));
}

/**
 * A grid that keeps only the rows near the window in the page (issue 14: 1,000 cards made 12.9k
 * nodes). Rows keep the grid's own columns; each row is measured once drawn. The row holding
 * focus stays drawn even when scrolled away, so focus is never dropped to the page body.
 */
export function WindowedGrid<T>(props: {
  items: T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}) {
  const { items, itemKey, renderItem } = props;
  const columns = useSyncExternalStore(onColumnsChange, columnsNow, () => 1);
  const list = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const focusedRow = useRef<number | null>(null);
  const rows = Math.ceil(items.length / columns);

  // Where the grid starts in the page (the hero and the filters above it change with width).
  useLayoutEffect(() => {
    const measure = () => {
      const node = list.current;
      if (node) setScrollMargin(node.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const rangeExtractor = useCallback((range: Range) => {
    const shown = defaultRangeExtractor(range);
    const kept = focusedRow.current;
    if (kept === null || kept >= range.count || shown.includes(kept)) return shown;
    return [...shown, kept].sort((a, b) => a - b);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    gap: GAP,
    scrollMargin,
    rangeExtractor,
  });

  return (
    <div
      ref={list}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
        focusedRow.current = row ? Number(row.dataset.row) : null;
      }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-row={row.index}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={productGrid}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - scrollMargin}px)`,
          }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}
