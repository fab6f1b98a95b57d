import { useState } from 'react';
import type { OrderWithProduct, Payment } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { EmptyState, LoadError, SkeletonRows } from '@web/components/dashboard/load-states';
import { Badge } from '@web/components/ui/badge';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { chainConfigAtom } from '@web/features/wallet';
import { awaitingShipmentAtom, escrowOrdersAtom } from './admin-atoms';
import { EscrowOrderCard } from './escrow-order-card';
import { PayoutConfirm, type PayoutKind } from './payout-confirm';
import { paymentRefundJob, refundJob, releaseJob } from './payout-jobs';
import { RefundDueList } from './refund-due-list';
import { DisputesList } from './disputes-list';
import { PayoutsDueList } from './payouts-due-list';
import { useReservedPayouts } from './use-reserved-payouts';
import { useChainNow } from '@web/features/protection';
import { usePayouts, type PayoutJob } from './use-payouts';
import * as styles from './admin.css';

type Pending = { kind: PayoutKind; job: PayoutJob; summary: string; orderId?: number };

/**
 * Payouts due, disputes (thread, evidence, resolution), orders awaiting review (release or
 * refund), unshipped orders and payments due a refund.
 */
export function EscrowManagement({ admin }: { admin: string }) {
  const orders = useAtomValue(escrowOrdersAtom);
  const unshipped = useAtomValue(awaitingShipmentAtom);
  const config = useAtomValue(chainConfigAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const payouts = usePayouts();
  const reserved = useReservedPayouts(admin);
  const now = useChainNow();
  const [pending, setPending] = useState<Pending | null>(null);
  const active = pending ? payouts.states[pending.job.key] : undefined;
  const busy = active?.phase === 'sending' || active?.phase === 'recording';
  const anyBusy = Object.values(payouts.states).some((s) => s.phase !== 'unrecorded');

  const ask = (kind: PayoutKind, order: OrderWithProduct) =>
    setPending({
      kind,
      job: kind === 'release' ? releaseJob(order, admin) : refundJob(order, admin),
      orderId: order.id,
      summary: `${order.price} SOL to the ${kind === 'release' ? 'seller' : 'buyer'} of order #${order.id}`,
    });
  const askPayment = (payment: Payment) => {
    const job = paymentRefundJob(payment, admin);
    const amount = formatSol(payment.lamports);
    setPending({ kind: 'payment', job, summary: `${amount} SOL to ${payment.payerWallet}` });
  };
  const confirm = async () => {
    if (!pending) return;
    if (config?.escrowMode === 'multisig' && pending.orderId !== undefined) {
      // Multisig mode: the admin's release or refund is a decision the party paid claims.
      const action = pending.kind === 'release' ? 'release' : 'refund';
      await reserved.pay({
        orderId: pending.orderId,
        action,
        success: { title: 'Decision Recorded', description: '' },
        failureTitle: action === 'release' ? 'Release Failed' : 'Refund Failed',
      });
    } else {
      await payouts.run(pending.job);
    }
    setPending(null);
  };

  if (orders.status === 'error') return <LoadError message={orders.message} onRetry={refresh} />;
  if (orders.status !== 'ready') return <SkeletonRows rows={3} label="Loading escrow orders" />;
  return (
    <div className={styles.list}>
      <PayoutsDueList payouts={reserved} />
      <DisputesList now={now} payouts={reserved} />
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>Orders awaiting review</h2>
        <Badge tone="yellow">{orders.data.length} pending</Badge>
      </div>
      {orders.data.length === 0 ? (
        <EmptyState text="No orders pending review." />
      ) : (
        <div className={styles.orderCards}>
          {orders.data.map((order) => (
            <EscrowOrderCard
              key={order.id}
              order={order}
              now={now}
              config={config}
              release={payouts.states[`release:${order.id}`]}
              refund={payouts.states[`refund:${order.id}`]}
              busy={anyBusy}
              onRelease={() => ask('release', order)}
              onRefund={() => ask('refund', order)}
              onRetryRelease={() => void payouts.run(releaseJob(order, admin))}
              onRetryRefund={() => void payouts.run(refundJob(order, admin))}
            />
          ))}
        </div>
      )}
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>Awaiting shipment</h2>
        <Badge tone="grey">
          {unshipped.status === 'ready' ? unshipped.data.length : 0} unshipped
        </Badge>
      </div>
      {unshipped.status === 'ready' && unshipped.data.length === 0 ? (
        <EmptyState text="No paid orders are waiting for the seller to ship." />
      ) : null}
      {unshipped.status === 'ready' && unshipped.data.length > 0 ? (
        <div className={styles.orderCards}>
          {unshipped.data.map((order) => (
            <EscrowOrderCard
              key={order.id}
              order={order}
              now={now}
              config={config}
              refund={payouts.states[`refund:${order.id}`]}
              busy={anyBusy}
              onRefund={() => ask('refund', order)}
              onRetryRelease={() => undefined}
              onRetryRefund={() => void payouts.run(refundJob(order, admin))}
            />
          ))}
        </div>
      ) : null}
      <RefundDueList admin={admin} payouts={payouts} busy={anyBusy} onRefund={askPayment} />
      <PayoutConfirm
        kind={pending?.kind ?? null}
        summary={pending?.summary ?? ''}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
