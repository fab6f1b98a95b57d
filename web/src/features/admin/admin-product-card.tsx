import type { Product } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { CATEGORY_LABELS, conditionLabel } from '@src/domain/product';
import { productBadge } from '@src/domain/status-labels';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import * as styles from './admin.css';

/** One marketplace product as the admin sees it, with Delete Product. */
export function AdminProductCard({
  product,
  onDelete,
}: {
  product: Product;
  onDelete: (product: Product) => void;
}) {
  const [image] = product.images;
  return (
    <article className={styles.item} aria-label={product.name}>
      <div className={styles.itemHead}>
        <h3 className={styles.itemTitle}>{product.name}</h3>
        <StatusBadge status={productBadge(product.status, 'admin')} />
      </div>
      {image ? (
        <img className={styles.image} src={image} alt={product.name} loading="lazy" />
      ) : null}
      <p className={styles.description}>{product.description}</p>
      <span className={styles.amount}>{formatPrice(product.price, 2)} SOL</span>
      <dl className={styles.facts}>
        <dt className={styles.term}>ID</dt>
        <dd>{product.id}</dd>
        <dt className={styles.term}>Category</dt>
        <dd>{CATEGORY_LABELS[product.category] ?? product.category}</dd>
        <dt className={styles.term}>Condition</dt>
        <dd>{conditionLabel(product.condition)}</dd>
        <dt className={styles.term}>Seller ID</dt>
        <dd>{product.sellerId}</dd>
        {product.location ? (
          <>
            <dt className={styles.term}>Location</dt>
            <dd className={styles.value}>{product.location}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.buttons}>
        <Button
          variant="danger"
          disabled={product.status === 'deleted'}
          aria-label={`Delete Product ${product.name}`}
          onClick={() => onDelete(product)}
        >
          Delete Product
        </Button>
      </div>
    </article>
  );
}
