import type { OrderWithProduct } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { orderBadge } from '@src/domain/status-labels';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import type { ChainConfig } from '@web/api/get-config';
import { formatDate } from '@web/lib/format-date';
import { proofFiles } from '@web/lib/proof-files';
import { uploadUrl } from '@web/lib/upload-url';
import { OrderDeadline } from '@web/features/protection';
import { DecisionNote, decisionNote } from './decision-note';
import { explorerTxUrl } from '@web/lib/explorer-url';
import { UnrecordedPayout } from './unrecorded-payout';
import type { PayoutState } from './use-payouts';
import * as styles from './admin.css';

/** The proof files, by the names they were uploaded under; null when the list could not be read. */
function Files({ files, names }: { files: string[] | null; names: string | null }) {
  if (files === null) return <span>Invalid file data</span>;
  if (files.length === 0) return <span>None</span>;
  return (
    <span>
      {proofFiles(files, names).map(({ file, label }, i) => (
        <span key={file}>
          {i > 0 ? ', ' : ''}
          <a href={uploadUrl(file)} target="_blank" rel="noreferrer" title={file}>
            {label}
          </a>
        </span>
      ))}
    </span>
  );
}

/** An order awaiting review: proof of delivery, buyer contact, payment link, release/refund. */
export function EscrowOrderCard(props: {
  order: OrderWithProduct;
  /** The chain's time, which the deadlines follow. */
  now: Date;
  config: ChainConfig | null;
  release?: PayoutState;
  refund?: PayoutState;
  busy: boolean;
  /** Absent for an order not shipped yet: it can only be refunded. */
  onRelease?: () => void;
  onRefund: () => void;
  onRetryRelease: () => void;
  onRetryRefund: () => void;
}) {
  const { order, config, now } = props;
  const stuck = props.release?.phase === 'unrecorded' || props.refund?.phase === 'unrecorded';
  const hash = order.escrowTransactionHash;
  // Multisig mode: decided already, the party paid claims it; deciding again would be refused.
  const decided = decisionNote(order, config);
  return (
    <article className={styles.item} aria-label={`Order #${order.id}`}>
      <div className={styles.itemHead}>
        <div>
          <h3 className={styles.itemTitle}>Order #{order.id}</h3>
          <span className={styles.term}>{order.product?.name ?? 'Unknown Product'}</span>
        </div>
        <StatusBadge status={orderBadge(order.status, 'admin')} />
      </div>
      <span className={styles.amount}>{formatPrice(order.price, 2)} SOL</span>
      <OrderDeadline order={order} viewer="admin" now={now} />
      <dl className={styles.facts}>
        {props.onRelease ? (
          <>
            <dt className={styles.term}>Uploaded</dt>
            <dd>{formatDate(order.trackingUploadedAt) || 'Unknown'}</dd>
            <dt className={styles.term}>Tracking Number</dt>
            <dd className={styles.value}>{order.trackingNumber ?? 'None'}</dd>
            <dt className={styles.term}>Files</dt>
            <dd className={styles.value}>
              <Files files={order.uploadedFiles} names={order.proofOfDelivery} />
            </dd>
          </>
        ) : (
          <>
            <dt className={styles.term}>Paid</dt>
            <dd>{formatDate(order.createdAt) || 'Unknown'}</dd>
          </>
        )}
        {order.buyerName ? (
          <>
            <dt className={styles.term}>Buyer Name</dt>
            <dd className={styles.value}>{order.buyerName}</dd>
          </>
        ) : null}
        {order.buyerEmail ? (
          <>
            <dt className={styles.term}>Buyer Email</dt>
            <dd className={styles.value}>{order.buyerEmail}</dd>
          </>
        ) : null}
        {order.buyerAddress ? (
          <>
            <dt className={styles.term}>Buyer Address</dt>
            <dd className={styles.lines}>{order.buyerAddress}</dd>
          </>
        ) : null}
      </dl>
      {hash && config ? (
        <a href={explorerTxUrl(hash, config)} target="_blank" rel="noreferrer">
          View Payment
        </a>
      ) : null}
      <UnrecordedPayout state={props.release} onRetry={props.onRetryRelease} />
      <UnrecordedPayout state={props.refund} onRetry={props.onRetryRefund} />
      {decided ? (
        <DecisionNote text={decided} />
      ) : (
        <div className={styles.buttons}>
          {props.onRelease ? (
            <Button onClick={props.onRelease} disabled={props.busy || stuck}>
              Release Funds
            </Button>
          ) : null}
          <Button variant="secondary" onClick={props.onRefund} disabled={props.busy || stuck}>
            Refund Buyer
          </Button>
        </div>
      )}
    </article>
  );
}
