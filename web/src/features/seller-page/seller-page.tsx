import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Product } from '@src/domain/entities';
import { EmptyState, SkeletonRows } from '@web/components/dashboard/load-states';
import { PageHeader } from '@web/components/dashboard/page-header';
import * as dash from '@web/components/dashboard/dashboard.css';
import { Button } from '@web/components/ui/button';
import { container } from '@web/components/ui/surface.css';
import { shortAddress } from '@web/lib/format-address';
import { formatDate } from '@web/lib/format-date';
import { ProductCard, ProductDialog, productGrid } from '@web/features/product';
import { ReputationFigures, ReviewItem, useSellerProfile } from '@web/features/reputation';
import { useSellerListings } from './use-seller-listings';
import { useSellerReviewList } from './use-seller-review-list';
import * as styles from './seller-page.css';

export const SELLER_NOT_FOUND = 'Seller not found';
export const NO_ACTIVE_LISTINGS = 'This seller has nothing on sale right now.';
export const NO_REVIEWS = 'No reviews yet.';

/** Route /seller/:id: a seller's public record, products on sale and reviews. */
export default function SellerPage() {
  const { id } = useParams();
  const sellerId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : null;
  return (
    <div className={`${container} ${dash.page}`}>
      {sellerId === null || sellerId < 1 ? <NoSeller /> : <Seller sellerId={sellerId} />}
    </div>
  );
}

function NoSeller() {
  return (
    <>
      <PageHeader title={SELLER_NOT_FOUND} subtitle="There is no seller at this address." />
      <Link to="/">Back to the Marketplace</Link>
    </>
  );
}

function Seller({ sellerId }: { sellerId: number }) {
  const profile = useSellerProfile(sellerId);
  if (profile.status === 'loading') return <SkeletonRows rows={3} label="Loading the seller" />;
  if (profile.status === 'error') {
    // The server's 404 says "Seller not found": the heading says it already.
    if (profile.message === SELLER_NOT_FOUND) return <NoSeller />;
    return (
      <>
        <PageHeader title="Could not load this seller" subtitle={profile.message} />
        <Link to="/">Back to the Marketplace</Link>
      </>
    );
  }
  const { seller, reputation } = profile.profile;
  return (
    <>
      <PageHeader
        title={`Seller ${shortAddress(seller.walletAddress)}`}
        subtitle={`Member since ${formatDate(seller.createdAt)}`}
      />
      <p className={styles.address} aria-label="Wallet address">
        {seller.walletAddress}
      </p>
      <section className={dash.panel} aria-labelledby="seller-record">
        <h2 id="seller-record" className={dash.panelTitle}>
          Record
        </h2>
        <ReputationFigures reputation={reputation} />
      </section>
      <Listings sellerId={sellerId} />
      <Reviews sellerId={sellerId} />
    </>
  );
}

/** The seller's listings on sale; their cards carry no rating: the record above gives it once. */
function Listings({ sellerId }: { sellerId: number }) {
  const listings = useSellerListings(sellerId);
  const [selected, setSelected] = useState<Product | null>(null);
  return (
    <section aria-labelledby="seller-listings">
      <h2 id="seller-listings" className={dash.panelTitle}>
        On sale
      </h2>
      {listings.status === 'loading' ? <SkeletonRows rows={2} label="Loading listings" /> : null}
      {listings.status === 'error' ? <p role="alert">{listings.message}</p> : null}
      {listings.status === 'ready' && listings.products.length === 0 ? (
        <EmptyState text={NO_ACTIVE_LISTINGS} />
      ) : null}
      {listings.status === 'ready' && listings.products.length > 0 ? (
        <div className={productGrid}>
          {listings.products.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={setSelected} />
          ))}
        </div>
      ) : null}
      <ProductDialog product={selected} onClose={() => setSelected(null)} />
    </section>
  );
}

function Reviews({ sellerId }: { sellerId: number }) {
  const reviews = useSellerReviewList(sellerId);
  return (
    <section className={dash.panel} aria-labelledby="seller-reviews">
      <h2 id="seller-reviews" className={dash.panelTitle}>
        Reviews
      </h2>
      {reviews.status === 'loading' ? <SkeletonRows rows={2} label="Loading reviews" /> : null}
      {reviews.status === 'error' ? <p role="alert">{reviews.error}</p> : null}
      {reviews.status !== 'loading' && reviews.status !== 'error' && reviews.items.length === 0 ? (
        <EmptyState text={NO_REVIEWS} />
      ) : null}
      {reviews.items.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
      {reviews.nextCursor ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            disabled={reviews.status === 'loading-more'}
            onClick={() => void reviews.loadMore()}
          >
            {reviews.status === 'loading-more' ? 'Loading...' : 'More reviews'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
