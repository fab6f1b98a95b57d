import type { ReactNode } from 'react';
import type { Product } from '@src/domain/entities';
import { available, CATEGORY_LABELS, conditionLabel } from '@src/domain/product';
import { productBadge } from '@src/domain/status-labels';
import { Badge, StatusBadge } from '@web/components/ui/badge';
import { Modal } from '@web/components/ui/modal';
import { PurchasePanel } from '@web/features/purchase';
import { SellerSummary } from '@web/features/reputation';
import { ProductImage } from './product-image';
import { useCurrentProduct } from './use-current-product';
import * as styles from './product-dialog.css';

/**
 * Spec section 2, product detail dialog: all images, facts, contact badges, price, available
 * count, status badge and the purchase panel. Open while `product` is set.
 *
 * A page that opens it for something the viewer already did (My Purchases: an order) passes
 * `summary` and `purchaseHeading`: the summary comes first and the purchase area is headed as
 * a new purchase, so the dialog does not read as an invitation to buy the same thing twice.
 */
export function ProductDialog({
  product,
  onClose,
  summary,
  purchaseHeading,
}: {
  product: Product | null;
  onClose: () => void;
  summary?: ReactNode;
  purchaseHeading?: string;
}) {
  return (
    <Modal
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={product?.name ?? ''}
      size="lg"
    >
      {product ? (
        <ProductDetails
          key={product.id}
          shown={product}
          summary={summary}
          purchaseHeading={purchaseHeading}
        />
      ) : null}
    </Modal>
  );
}

function ProductDetails({
  shown,
  summary,
  purchaseHeading,
}: {
  shown: Product;
  summary?: ReactNode;
  purchaseHeading?: string;
}) {
  const product = useCurrentProduct(shown);
  const { images } = product;
  return (
    <div className={styles.layout}>
      {summary ? <div className={styles.summary}>{summary}</div> : null}
      {/* On a phone several photos scroll sideways: the strip takes the focus, so arrow keys
          scroll it too (WCAG 2.1.1). */}
      <div
        className={styles.gallery}
        {...(images.length > 1
          ? { tabIndex: 0, role: 'region', 'aria-label': `Photos of ${product.name}` }
          : {})}
      >
        {images.length === 0 ? <ProductImage src={undefined} alt="" /> : null}
        {images.map((src, index) => (
          <ProductImage
            key={`${index}-${src}`}
            src={src}
            alt={`${product.name} image ${index + 1}`}
            className={styles.mainImage}
          />
        ))}
      </div>
      <div className={styles.details}>
        <div className={styles.badges}>
          <StatusBadge status={productBadge(product.status, 'public')} />
          {product.requiresEmail ? <Badge tone="outline">Email Required</Badge> : null}
          {product.requiresAddress ? <Badge tone="outline">Shipping Address Required</Badge> : null}
          {product.requiresName ? <Badge tone="outline">Full Name Required</Badge> : null}
        </div>
        <p className={styles.description}>{product.description}</p>
        <SellerSummary sellerId={product.sellerId} />
        <dl className={styles.facts}>
          <dt className={styles.term}>Category</dt>
          <dd>{CATEGORY_LABELS[product.category] ?? product.category}</dd>
          <dt className={styles.term}>Condition</dt>
          <dd>{conditionLabel(product.condition)}</dd>
          {product.location ? (
            <>
              <dt className={styles.term}>Location</dt>
              <dd>{product.location}</dd>
            </>
          ) : null}
          <dt className={styles.term}>Available</dt>
          <dd>{available(product)}</dd>
        </dl>
        <section
          className={styles.buyBox}
          {...(purchaseHeading ? { 'aria-labelledby': 'purchase-heading' } : {})}
        >
          {purchaseHeading ? (
            <h3 id="purchase-heading" className={styles.purchaseHeading}>
              {purchaseHeading}
            </h3>
          ) : null}
          <div className={styles.priceRow}>
            <span className={styles.price}>{product.price} SOL</span>
          </div>
          <PurchasePanel product={product} />
        </section>
      </div>
    </div>
  );
}
