import type { Product } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { CATEGORY_LABELS } from '@src/domain/product';
import { productBadge } from '@src/domain/status-labels';
import * as styles from '@web/components/dashboard/dashboard.css';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { clamp2 } from '@web/components/ui/surface.css';
import { formatDate } from '@web/lib/format-date';

/** Your Listings: Product, Category, Price, Status, Listed, Actions (Edit, Delete). */
export function ListingsTable({
  products,
  onEdit,
  onDelete,
}: {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Category</th>
          <th scope="col">Price</th>
          <th scope="col">Status</th>
          <th scope="col">Listed</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => {
          const [image] = product.images;
          const locked = product.status === 'deleted';
          return (
            <tr key={product.id} data-testid="listing-row">
              <td>
                <div className={styles.productCell}>
                  {image ? (
                    <img className={styles.thumb} src={image} alt="" loading="lazy" />
                  ) : (
                    <div className={styles.thumb} aria-hidden="true" />
                  )}
                  <div className={styles.cellText}>
                    <div className={`${styles.strong} ${clamp2}`} title={product.name}>
                      {product.name}
                    </div>
                    <div className={styles.small}>Created {formatDate(product.createdAt)}</div>
                  </div>
                </div>
              </td>
              <td data-label="Category">{CATEGORY_LABELS[product.category] ?? product.category}</td>
              <td data-label="Price" className={styles.nowrap}>
                {formatPrice(product.price, 2)} SOL
              </td>
              <td data-label="Status">
                <StatusBadge status={productBadge(product.status, 'seller')} />
              </td>
              <td data-label="Listed" className={styles.nowrap}>
                {formatDate(product.createdAt)}
              </td>
              <td data-label="Actions">
                <div className={styles.cellActions}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={locked}
                    aria-label={`Edit ${product.name}`}
                    onClick={() => onEdit(product)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={locked}
                    aria-label={`Delete ${product.name}`}
                    onClick={() => onDelete(product)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
