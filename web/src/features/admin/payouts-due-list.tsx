import { shortDay } from '@src/domain/dates';
import { formatPrice } from '@src/domain/money';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { payoutsDueAtom } from './admin-atoms';
import type { useReservedPayouts } from './use-reserved-payouts';
import { StuckPayout } from './stuck-payout';
import * as styles from './admin.css';

/**
 * Payouts due now (release or refund, why, since when), oldest first. Where the server holds the
 * escrow key it pays them itself within a minute; Pay Now pays one from the wallet connected here.
 */
export function PayoutsDueList({ payouts }: { payouts: ReturnType<typeof useReservedPayouts> }) {
  const due = useAtomValue(payoutsDueAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  return (
    <section className={styles.list} aria-labelledby="payouts-due">
      <div className={styles.sectionHead}>
        <h2 id="payouts-due" className={styles.sectionTitle}>
          Payouts due
        </h2>
        {due.status === 'ready' ? (
          <Badge tone={due.data.length ? 'yellow' : 'grey'}>{due.data.length} due</Badge>
        ) : null}
      </div>
      {due.status === 'error' ? (
        <LoadError message={due.message} onRetry={refresh} />
      ) : due.status !== 'ready' ? (
        <SkeletonRows rows={1} label="Loading payouts due" />
      ) : due.data.length === 0 ? (
        <EmptyState text="No payouts are due." />
      ) : (
        <div className={styles.orderCards}>
          {due.data.map(({ order, action, reason, since, attempt }) => {
            const state = payouts.states[order.id];
            const to = action === 'release' ? 'seller' : 'buyer';
            return (
              <article key={order.id} className={styles.item} aria-label={`Payout #${order.id}`}>
                <div className={styles.itemHead}>
                  <div>
                    <h3 className={styles.itemTitle}>
                      {action === 'release' ? 'Release' : 'Refund'} · Order #{order.id}
                    </h3>
                    <span className={styles.term}>{order.product?.name ?? 'Unknown Product'}</span>
                  </div>
                  <Badge tone={action === 'release' ? 'blue' : 'yellow'}>
                    {action === 'release' ? 'Release Due' : 'Refund Due'}
                  </Badge>
                </div>
                <span className={styles.amount}>
                  {formatPrice(order.price, 2)} SOL to the {to}
                </span>
                <p className={styles.muted}>
                  {reason} · due since {shortDay(since)}
                </p>
                {attempt ? (
                  <p className={styles.muted}>
                    Being paid ({attempt.madeBy === 'settlement' ? 'by the server' : 'by an admin'})
                  </p>
                ) : null}
                <StuckPayout state={state} onCheck={() => void payouts.check(order.id)} />
                <div className={styles.buttons}>
                  <Button
                    disabled={attempt !== null || state !== undefined}
                    aria-busy={state?.phase === 'paying'}
                    onClick={() =>
                      void payouts.pay({
                        orderId: order.id,
                        action,
                        success: {
                          title: action === 'release' ? 'Funds Released' : 'Buyer Refunded',
                          description: `Paid ${order.price} SOL to the ${to} of order #${order.id}.`,
                        },
                        failureTitle: action === 'release' ? 'Release Failed' : 'Refund Failed',
                      })
                    }
                  >
                    {state?.phase === 'paying' ? 'Paying...' : 'Pay Now'}
                  </Button>
                </div>
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}
