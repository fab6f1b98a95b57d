import { Fragment, type ReactNode } from 'react';
import { orderAnchor } from '@web/lib/asked-order';
import { explorerTxUrl } from '@web/lib/explorer-url';
import { useAtomValue } from '@web/state/jotai';
import { chainConfigAtom } from '@web/features/wallet';
import type { OrderWithProduct } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { orderBadge } from '@src/domain/status-labels';
import * as dash from '@web/components/dashboard/dashboard.css';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { clamp2 } from '@web/components/ui/surface.css';
import { formatDate } from '@web/lib/format-date';
import { proofFiles } from '@web/lib/proof-files';
import { uploadUrl } from '@web/lib/upload-url';
import { ReviewReply } from '@web/features/reputation';
import { OrderActions, OrderDeadline, OrderSplit } from '@web/features/protection';
import * as styles from './seller.css';

function Fact({
  term,
  children,
  look,
}: {
  term: string;
  children: ReactNode;
  look?: 'mono' | 'lines';
}) {
  return (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={look === 'mono' ? styles.hash : look === 'lines' ? styles.lines : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** One sale: product, order number, date, price, status, buyer, payment and delivery proof. */
export function SaleCard({
  order,
  now,
  onUploadTracking,
}: {
  order: OrderWithProduct;
  /** The chain's time, which the deadlines follow. */
  now: Date;
  onUploadTracking: (order: OrderWithProduct) => void;
}) {
  const name = order.product?.name ?? 'Unknown Product';
  // A list that cannot be read links nothing: the proof's names, as the seller gave them, show.
  const files = order.uploadedFiles ?? [];
  const hash = order.escrowTransactionHash ?? order.transactionHash;
  // The payment on the cluster's explorer, as the admin's card links it.
  const config = useAtomValue(chainConfigAtom);
  return (
    <article
      className={styles.sale}
      id={orderAnchor(order.id)}
      tabIndex={-1}
      aria-label={`Order #${order.id}`}
      data-testid="sale-card"
    >
      <div className={styles.saleTop}>
        {order.product?.image ? (
          <img className={dash.thumb} src={order.product.image} alt="" loading="lazy" />
        ) : (
          <div className={dash.thumb} aria-hidden="true" />
        )}
        <div className={styles.saleHead}>
          <h3 className={`${dash.strong} ${clamp2}`} title={name}>
            {name}
          </h3>
          <span className={dash.small}>
            Order #{order.id} · {formatDate(order.createdAt)}
          </span>
        </div>
        <div className={styles.saleSide}>
          <span className={styles.price}>{formatPrice(order.price, 2)} SOL</span>
          <StatusBadge status={orderBadge(order.status, 'seller')} />
        </div>
      </div>
      <OrderDeadline order={order} viewer="seller" now={now} />
      <OrderSplit order={order} viewer="seller" />
      <dl className={styles.facts}>
        <Fact term="Buyer">User #{order.buyerId}</Fact>
        {order.buyerName ? <Fact term="Full Name">{order.buyerName}</Fact> : null}
        {order.buyerEmail ? <Fact term="Email">{order.buyerEmail}</Fact> : null}
        {order.buyerAddress ? (
          <Fact term="Shipping Address" look="lines">
            {order.buyerAddress}
          </Fact>
        ) : null}
        {hash ? (
          <Fact
            term={order.escrowTransactionHash ? 'Escrow Transaction' : 'Transaction'}
            look="mono"
          >
            {config ? (
              <a href={explorerTxUrl(hash, config)} target="_blank" rel="noreferrer">
                {hash}
              </a>
            ) : (
              hash
            )}
          </Fact>
        ) : null}
        {order.trackingNumber ? <Fact term="Tracking Number">{order.trackingNumber}</Fact> : null}
        {order.proofOfDelivery || files.length > 0 ? (
          <Fact term="Proof of Delivery">
            {files.length > 0
              ? proofFiles(files, order.proofOfDelivery).map(({ file, label }, i) => (
                  <Fragment key={file}>
                    {i > 0 ? ', ' : ''}
                    <a href={uploadUrl(file)} target="_blank" rel="noreferrer">
                      {label}
                    </a>
                  </Fragment>
                ))
              : order.proofOfDelivery}
          </Fact>
        ) : null}
      </dl>
      <ReviewReply order={order} />
      <div className={dash.actions}>
        {order.status === 'escrow_held' ? (
          <Button onClick={() => onUploadTracking(order)}>Upload Tracking</Button>
        ) : null}
        <OrderActions order={order} party="seller" now={now} />
      </div>
    </article>
  );
}
