import type { Payment } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { paymentBadge } from '@src/domain/status-labels';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { Badge, StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format-date';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { refundDueAtom } from './admin-atoms';
import { paymentRefundJob } from './payout-jobs';
import { UnrecordedPayout } from './unrecorded-payout';
import type { usePayouts } from './use-payouts';
import * as styles from './admin.css';

/** Verified payments into escrow that bought nothing (sold out, bad order): pay them back. */
export function RefundDueList(props: {
  admin: string;
  payouts: ReturnType<typeof usePayouts>;
  busy: boolean;
  onRefund: (payment: Payment) => void;
}) {
  const payments = useAtomValue(refundDueAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  return (
    <section className={styles.list} aria-labelledby="refunds-due" style={{ marginTop: 24 }}>
      <div className={styles.sectionHead}>
        <h2 id="refunds-due" className={styles.sectionTitle}>
          Payments due a refund
        </h2>
        {payments.status === 'ready' ? (
          <Badge tone={payments.data.length ? 'red' : 'grey'}>{payments.data.length} due</Badge>
        ) : null}
      </div>
      {payments.status === 'error' ? (
        <LoadError message={payments.message} onRetry={refresh} />
      ) : payments.status !== 'ready' ? (
        <SkeletonRows rows={1} label="Loading payments" />
      ) : payments.data.length === 0 ? (
        <EmptyState text="No payments are waiting for a refund." />
      ) : (
        payments.data.map((payment) => {
          const job = paymentRefundJob(payment, props.admin);
          return (
            <article
              key={payment.signature}
              className={styles.item}
              aria-label={`Payment ${payment.signature}`}
            >
              <div className={styles.itemHead}>
                <span className={styles.amount}>{formatSol(payment.lamports)} SOL</span>
                <StatusBadge status={paymentBadge(payment.status)} />
              </div>
              <dl className={styles.facts}>
                <dt className={styles.term}>From</dt>
                <dd className={styles.mono}>{payment.payerWallet}</dd>
                <dt className={styles.term}>Payment</dt>
                <dd className={styles.mono}>{payment.signature}</dd>
                <dt className={styles.term}>Received</dt>
                <dd>{formatDate(payment.createdAt)}</dd>
                {payment.productId !== null ? (
                  <>
                    <dt className={styles.term}>Product ID</dt>
                    <dd>{payment.productId}</dd>
                  </>
                ) : null}
                {payment.reason ? (
                  <>
                    <dt className={styles.term}>Reason</dt>
                    <dd className={styles.value}>{payment.reason}</dd>
                  </>
                ) : null}
              </dl>
              <UnrecordedPayout
                state={props.payouts.states[job.key]}
                onRetry={() => void props.payouts.run(job)}
              />
              {payment.escrowAccount ? (
                // Multisig mode: the money waits in its own escrow account, not in the wallet.
                <p className={styles.value}>
                  Waits in its escrow account {payment.escrowAccount}: the buyer claims it back from
                  My Purchases.
                </p>
              ) : (
                <div className={styles.buttons}>
                  <Button
                    variant="secondary"
                    disabled={props.busy || props.payouts.states[job.key] !== undefined}
                    onClick={() => props.onRefund(payment)}
                  >
                    Refund
                  </Button>
                </div>
              )}
            </article>
          );
        })
      )}
    </section>
  );
}
