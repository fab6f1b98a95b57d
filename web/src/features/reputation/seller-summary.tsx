import { Link } from 'react-router';
import { shortAddress } from '@web/lib/format-address';
import { formatDate } from '@web/lib/format-date';
import { formatRating, NEW_SELLER, percent } from './reputation-text';
import { useSellerProfile } from './use-seller-profile';
import * as styles from './reputation.css';

/** The seller in the product dialog: their address linking to their page, and their record. */
export function SellerSummary({ sellerId }: { sellerId: number }) {
  const state = useSellerProfile(sellerId);
  if (state.status !== 'ready') {
    return (
      <div className={styles.sellerBox} aria-busy={state.status === 'loading'}>
        <Link className={styles.sellerLink} to={`/seller/${sellerId}`}>
          Seller #{sellerId}
        </Link>
      </div>
    );
  }
  const { seller, reputation: rep } = state.profile;
  const rated = rep.averageRating !== null && rep.reviews > 0;
  return (
    <div className={styles.sellerBox} data-testid="seller-summary">
      <span>
        Sold by{' '}
        <Link className={styles.sellerLink} to={`/seller/${seller.id}`}>
          {shortAddress(seller.walletAddress)}
        </Link>
      </span>
      <span>
        {rated
          ? `★ ${formatRating(rep.averageRating!)} from ${rep.reviews} ${rep.reviews === 1 ? 'review' : 'reviews'}`
          : rep.completedSales > 0
            ? 'No ratings yet'
            : NEW_SELLER}
        {' · '}
        {rep.completedSales} completed {rep.completedSales === 1 ? 'sale' : 'sales'}
        {rep.paidOrders > 0 ? ` · ${percent(rep.disputes, rep.paidOrders)} disputed` : ''}
        {rep.firstSaleAt ? ` · selling since ${formatDate(rep.firstSaleAt)}` : ''}
      </span>
    </div>
  );
}
