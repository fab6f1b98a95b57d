import { useState } from 'react';
import type { OrderWithProduct } from '@src/domain/entities';
import { formatPrice } from '@src/domain/money';
import { orderBadge } from '@src/domain/status-labels';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { Badge, StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { OrderDeadline, ThreadDialog } from '@web/features/protection';
import { chainConfigAtom } from '@web/features/wallet';
import { disputedOrdersAtom } from './admin-atoms';
import { DecisionNote, decisionNote } from './decision-note';
import { ResolveDialog, type Decision } from './resolve-dialog';
import type { useReservedPayouts } from './use-reserved-payouts';
import { StuckPayout } from './stuck-payout';
import * as styles from './admin.css';

/** Disputed orders: their thread (messages and evidence), and Resolve (release, refund, split). */
export function DisputesList({
  now,
  payouts,
}: {
  now: Date;
  payouts: ReturnType<typeof useReservedPayouts>;
}) {
  const orders = useAtomValue(disputedOrdersAtom);
  const config = useAtomValue(chainConfigAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const [reading, setReading] = useState<OrderWithProduct | null>(null);
  const [resolving, setResolving] = useState<OrderWithProduct | null>(null);
  const busy = resolving !== null && payouts.states[resolving.id]?.phase === 'paying';

  const resolve = async (order: OrderWithProduct, decision: Decision) => {
    const paid = await payouts.pay({
      orderId: order.id,
      action: decision.action,
      sellerPart: decision.sellerPart,
      success: {
        title: 'Dispute Resolved',
        description: `Order #${order.id}: ${decision.summary}.`,
      },
      failureTitle: 'Resolution Failed',
    });
    if (paid) setResolving(null);
  };

  return (
    <section className={styles.list} aria-labelledby="disputes">
      <div className={styles.sectionHead}>
        <h2 id="disputes" className={styles.sectionTitle}>
          Disputes
        </h2>
        {orders.status === 'ready' ? (
          <Badge tone={orders.data.length ? 'red' : 'grey'}>{orders.data.length} open</Badge>
        ) : null}
      </div>
      {orders.status === 'error' ? (
        <LoadError message={orders.message} onRetry={refresh} />
      ) : orders.status !== 'ready' ? (
        <SkeletonRows rows={1} label="Loading disputes" />
      ) : orders.data.length === 0 ? (
        <EmptyState text="No open disputes." />
      ) : (
        <div className={styles.orderCards}>
          {orders.data.map((order) => {
            const state = payouts.states[order.id];
            const decided = decisionNote(order, config);
            return (
              <article key={order.id} className={styles.item} aria-label={`Dispute #${order.id}`}>
                <div className={styles.itemHead}>
                  <div>
                    <h3 className={styles.itemTitle}>Order #{order.id}</h3>
                    <span className={styles.term}>{order.product?.name ?? 'Unknown Product'}</span>
                  </div>
                  <StatusBadge status={orderBadge(order.status, 'admin')} />
                </div>
                <span className={styles.amount}>{formatPrice(order.price, 2)} SOL</span>
                <OrderDeadline order={order} viewer="admin" now={now} />
                <StuckPayout state={state} onCheck={() => void payouts.check(order.id)} />
                {decided ? <DecisionNote text={decided} /> : null}
                <div className={styles.buttons}>
                  <Button variant="secondary" onClick={() => setReading(order)}>
                    View Thread
                  </Button>
                  {decided ? null : (
                    <Button onClick={() => setResolving(order)} disabled={state !== undefined}>
                      Resolve
                    </Button>
                  )}
                </div>
              </article>
            );
          })}
        </div>
      )}
      <ThreadDialog order={reading} onClose={() => setReading(null)} />
      <ResolveDialog
        order={resolving}
        busy={busy}
        onResolve={(order, decision) => void resolve(order, decision)}
        onClose={() => setResolving(null)}
      />
    </section>
  );
}
