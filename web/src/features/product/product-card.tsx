import type { ReactNode } from 'react';
import type { Product } from '@src/domain/entities';
import { available, CATEGORY_LABELS, conditionLabel } from '@src/domain/product';
import { productBadge } from '@src/domain/status-labels';
import { Badge } from '@web/components/ui/badge';
import { clamp2 } from '@web/components/ui/surface.css';
import { ProductImage } from './product-image';
import * as styles from './product.css';

/**
 * Spec section 2, product card: first image, badges, clamped description, price, Qty; and the
 * seller's rating in one line when the grid gives it.
 */
export function ProductCard({
  product,
  onOpen,
  rating,
}: {
  product: Product;
  onOpen: (product: Product) => void;
  /** The seller's rating in one line (the grid's, from the reputation feature). */
  rating?: ReactNode;
}) {
  const [first] = product.images;
  // The card is an article whose heading holds the one control, named by the product alone;
  // the control's box is stretched over the card, so a click anywhere on it opens it.
  return (
    <article className={styles.card} data-testid="product-card">
      <div style={{ position: 'relative' }}>
        <ProductImage src={first} alt={product.name} />
        {product.status === 'sold' ? (
          <span className={styles.soldOut}>{productBadge('sold', 'public').label}</span>
        ) : null}
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Badge tone="brand">{CATEGORY_LABELS[product.category] ?? product.category}</Badge>
          <span className={styles.condition}>{conditionLabel(product.condition)}</span>
        </div>
        {/* Two lines of the name at most, clamped inside the button (a button lays out as one
            block, which a clamp on the heading cannot cut); the whole name is its title. */}
        <h3 className={styles.name}>
          <button
            type="button"
            className={styles.open}
            title={product.name}
            onClick={() => onOpen(product)}
          >
            <span className={clamp2}>{product.name}</span>
          </button>
        </h3>
        <p className={styles.clamp}>{product.description}</p>
        {product.location ? <span className={styles.small}>{product.location}</span> : null}
        {rating}
        <div className={styles.footer}>
          <span className={styles.price}>{product.price} SOL</span>
          <span className={styles.small}>Qty: {available(product)}</span>
        </div>
      </div>
    </article>
  );
}

/** The grey stand-in while products load. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.skeletonCard} data-testid="product-skeleton" aria-hidden="true">
      <div className={styles.imageFrame} />
      <div className={styles.body}>
        <div style={{ height: 16, width: '40%', background: '#e2e8f0', borderRadius: 6 }} />
        <div style={{ height: 20, width: '80%', background: '#e2e8f0', borderRadius: 6 }} />
        <div style={{ height: 14, width: '60%', background: '#e2e8f0', borderRadius: 6 }} />
      </div>
    </div>
  );
}
