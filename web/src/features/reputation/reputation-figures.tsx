import type { Reputation } from '@src/domain/entities';
import { formatDate } from '@web/lib/format-date';
import { formatRating, NEW_SELLER, percent } from './reputation-text';
import * as styles from './reputation.css';

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureTerm}>{term}</dt>
      <dd className={styles.figureValue}>{value}</dd>
    </div>
  );
}

/**
 * A seller's whole record: rating, completed sales, volume (the server's exact decimal string),
 * disputes as shares of paid orders and of disputes, first sale.
 */
export function ReputationFigures({ reputation: rep }: { reputation: Reputation }) {
  const rating =
    rep.averageRating !== null && rep.reviews > 0
      ? `★ ${formatRating(rep.averageRating)} (${rep.reviews} ${rep.reviews === 1 ? 'review' : 'reviews'})`
      : 'No ratings yet';
  return (
    <dl className={styles.figures} aria-label="Seller record">
      <Figure term="Rating" value={rating} />
      <Figure term="Completed sales" value={String(rep.completedSales)} />
      <Figure term="Volume" value={`${rep.volume} SOL`} />
      <Figure
        term="Orders disputed"
        value={`${percent(rep.disputes, rep.paidOrders)} (${rep.disputes} of ${rep.paidOrders})`}
      />
      <Figure
        term="Disputes lost"
        value={`${percent(rep.disputesLost, rep.disputes)} (${rep.disputesLost} of ${rep.disputes})`}
      />
      <Figure
        term="First sale"
        value={rep.firstSaleAt ? formatDate(rep.firstSaleAt) : `None yet (${NEW_SELLER})`}
      />
    </dl>
  );
}
