import { useState } from 'react';
import { useConnection } from '@solana/wallet-adapter-react';
import type { Payment } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { paymentBadge } from '@src/domain/status-labels';
import { getMyPayments } from '@web/api/my-payments';
import * as styles from '@web/components/dashboard/dashboard.css';
import { useToast } from '@web/components/toast/use-toast';
import { StatusBadge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format-date';
import { userIdAtom } from '@web/features/user';
import { chainConfigAtom, useWallet } from '@web/features/wallet';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { ordersVersionAtom, refreshOrdersAtom } from '@web/state/refresh';
import { remoteAtom } from '@web/state/remote-atom';
import { claimPaymentRefund } from './claim-payout';

/** The signed-in buyer's payments that bought nothing; loads again whenever orders change. */
const unboughtAtom = remoteAtom(userIdAtom, ordersVersionAtom, () => getMyPayments());

/**
 * My Purchases: payments that landed but bought nothing (sold out, deleted, price changed).
 * In multisig mode each waits in its own escrow account and the buyer claims it back; in wallet
 * mode the marketplace refunds it. A refunded one says when. Nothing shows while there are none.
 */
export function UnboughtPayments() {
  const payments = useAtomValue(unboughtAtom);
  const config = useAtomValue(chainConfigAtom);
  if (payments.status !== 'ready' || payments.data.length === 0) return null;
  const multisig = config?.escrowMode === 'multisig';
  const newestFirst = [...payments.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className={styles.panel} aria-labelledby="unbought-payments">
      <h2 id="unbought-payments" className={styles.panelTitle}>
        Payments that bought nothing
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Amount</th>
            <th scope="col">Why</th>
            <th scope="col">Paid</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((payment) => (
            <tr key={payment.signature}>
              <td className={styles.nowrap}>{formatSol(payment.lamports)} SOL</td>
              <td>{payment.reason ?? ''}</td>
              <td className={styles.nowrap}>{formatDate(payment.createdAt)}</td>
              <td>
                <StatusBadge status={paymentBadge(payment.status)} />
              </td>
              <td>
                <RefundAction payment={payment} multisig={multisig} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RefundAction({ payment, multisig }: { payment: Payment; multisig: boolean }) {
  const { wallet } = useWallet();
  const { connection } = useConnection();
  const refresh = useSetAtom(refreshOrdersAtom);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (payment.status === 'refunded' && payment.refundedAt) {
    return (
      <span className={styles.small}>
        Refunded to your wallet on {formatDate(payment.refundedAt)}
      </span>
    );
  }
  if (payment.status !== 'refund_due') return null;
  if (!multisig || !payment.escrowAccount) {
    return <span className={styles.small}>The marketplace refunds it to your wallet</span>;
  }
  const claim = async () => {
    const adapter = wallet?.adapter;
    if (!adapter) return;
    setBusy(true);
    try {
      await claimPaymentRefund({ payment: payment.signature, adapter, connection });
      toast({
        title: 'Refund Claimed',
        description: `${formatSol(payment.lamports)} SOL is back in your wallet.`,
      });
      refresh();
    } catch (error) {
      toast({
        title: 'Claim Failed',
        description: (error as Error).message || 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" disabled={busy} onClick={() => void claim()}>
      {busy ? 'Claiming...' : 'Claim Refund'}
    </Button>
  );
}
