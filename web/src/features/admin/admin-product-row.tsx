import type { Product } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { CATEGORY_LABELS, conditionLabel } from '@src/domain/product';
import { productBadge } from '@src/domain/status-labels';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { clamp2 } from '@web/components/ui/surface.css';
import * as styles from './product-management.css';

/**
 * One marketplace product as the admin sees it (the spec's card: name, status, first image,
 * description, price, ID, category, condition, seller ID, location, Delete Product), drawn as
 * one dense row of a list.
 */
export function AdminProductRow({
  product,
  onDelete,
}: {
  product: Product;
  onDelete: (product: Product) => void;
}) {
  const [image] = product.images;
  const facts: [string, string | number][] = [
    ['ID', product.id],
    ['Category', CATEGORY_LABELS[product.category] ?? product.category],
    ['Condition', conditionLabel(product.condition)],
    ['Seller ID', product.sellerId],
  ];
  if (product.location) facts.push(['Location', product.location]);
  return (
    <li className={styles.item}>
      <article className={styles.row} aria-label={product.name}>
        {image ? (
          <img className={styles.thumb} src={image} alt={product.name} loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
        <div className={styles.main}>
          <div className={styles.head}>
            <h3 className={`${styles.name} ${clamp2}`} title={product.name}>
              {product.name}
            </h3>
            <StatusBadge status={productBadge(product.status, 'admin')} />
          </div>
          <p className={styles.description} title={product.description}>
            {product.description}
          </p>
        </div>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
        <span className={styles.price}>{formatPrice(product.price, 2)} SOL</span>
        <div className={styles.action}>
          <Button
            variant="danger"
            size="sm"
            disabled={product.status === 'deleted'}
            aria-label={`Delete Product ${product.name}`}
            onClick={() => onDelete(product)}
          >
            Delete Product
          </Button>
        </div>
      </article>
    </li>
  );
}
