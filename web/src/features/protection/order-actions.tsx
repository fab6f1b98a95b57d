import { useState } from 'react';
import { useConnection } from '@solana/wallet-adapter-react';
import type { OrderWithProduct } from '@src/domain/entities';
import { canTransition } from '@src/domain/order';
import { payoutDue } from '@src/domain/payout-due';
import { cancelOrder } from '@web/api/cancel-order';
import { confirmReceipt } from '@web/api/confirm-receipt';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { chainConfigAtom, useWallet } from '@web/features/wallet';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { claimPayout } from './claim-payout';
import { DisputeDialog } from './dispute-dialog';
import { ThreadDialog } from './thread-dialog';

type Party = 'buyer' | 'seller';
type Asking = 'confirm' | 'cancel' | null;

const QUESTIONS = {
  confirm: {
    title: 'Confirm Receipt',
    description: (o: OrderWithProduct, _party: Party) =>
      `You have received order #${o.id} as described: ${o.price} SOL is paid to the seller now. This cannot be undone.`,
    label: 'Confirm Receipt',
    keep: 'Not Yet',
    busy: 'Confirming...',
    done: { title: 'Receipt Confirmed', description: 'The seller will be paid shortly.' },
    failed: 'Confirmation Failed',
  },
  cancel: {
    title: 'Cancel Order',
    description: (o: OrderWithProduct, party: Party) =>
      `Order #${o.id} is called off and its ${o.price} SOL refunded to ${party === 'buyer' ? 'you' : 'the buyer'}. This cannot be undone.`,
    label: 'Cancel Order',
    keep: 'Keep Order',
    busy: 'Cancelling...',
    done: { title: 'Order Cancelled', description: 'The buyer will be refunded shortly.' },
    failed: 'Cancellation Failed',
  },
} as const;

/**
 * What the buyer or the seller may do to an order now, as the order state machine allows it:
 * Confirm Receipt, Cancel Order, Report a Problem; Messages always.
 */
export function OrderActions({
  order,
  party,
  now,
}: {
  order: OrderWithProduct;
  party: Party;
  now: Date;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [reading, setReading] = useState(false);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const { toast } = useToast();
  // An admin's decision under way (`decided`) is not disputed behind it (the server refuses).
  const may = (action: 'confirmReceipt' | 'cancel' | 'dispute') =>
    canTransition(order, action, party, now) && !(action === 'dispute' && order.decided);
  const claim = useClaim(order, party, now);

  const run = async () => {
    if (!asking) return;
    const q = QUESTIONS[asking];
    setBusy(true);
    try {
      await (asking === 'confirm' ? confirmReceipt(order.id) : cancelOrder(order.id));
    } catch (error) {
      toast({
        title: q.failed,
        description: (error as Error).message || 'Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
      setAsking(null);
      return;
    }
    setBusy(false);
    setAsking(null);
    toast(q.done);
    refreshOrders();
  };

  const question = asking ? QUESTIONS[asking] : null;
  return (
    <>
      {claim.label ? (
        <Button size="sm" disabled={claim.busy} onClick={() => void claim.run()}>
          {claim.busy ? 'Claiming...' : claim.label}
        </Button>
      ) : null}
      {may('confirmReceipt') ? (
        <Button size="sm" onClick={() => setAsking('confirm')}>
          Confirm Receipt
        </Button>
      ) : null}
      {may('cancel') ? (
        <Button size="sm" variant="secondary" onClick={() => setAsking('cancel')}>
          Cancel Order
        </Button>
      ) : null}
      {may('dispute') ? (
        <Button size="sm" variant="secondary" onClick={() => setDisputing(true)}>
          Report a Problem
        </Button>
      ) : null}
      {/* Where a dispute's reason, evidence and replies are: plain to see while it is open. */}
      <Button
        size="sm"
        variant={order.status === 'disputed' ? 'secondary' : 'ghost'}
        onClick={() => setReading(true)}
      >
        Messages
      </Button>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={question?.title ?? ''}
        description={question ? question.description(order, party) : ''}
        confirmLabel={question?.label ?? ''}
        cancelLabel={question?.keep}
        busyLabel={question?.busy ?? ''}
        busy={busy}
        variant={asking === 'cancel' ? 'danger' : 'primary'}
        onConfirm={() => void run()}
      />
      <DisputeDialog order={disputing ? order : null} onClose={() => setDisputing(false)} />
      <ThreadDialog
        order={reading ? order : null}
        reader={party}
        onClose={() => setReading(false)}
      />
    </>
  );
}

/**
 * Multisig mode: a payout due to this party (the seller's release, the buyer's refund) is
 * claimed by signing the close the arbiter signed; null label where there is none to claim.
 */
function useClaim(order: OrderWithProduct, party: Party, now: Date) {
  const config = useAtomValue(chainConfigAtom);
  const { wallet } = useWallet();
  const { connection } = useConnection();
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  // An admin's decision (release after review, refund, a dispute's resolution), else due by the
  // order's state or by a deadline that passed (the server moves it on the claim).
  const action = order.decided ?? payoutDue(order, now)?.action;
  const due =
    (action === 'release' && party === 'seller') || (action === 'refund' && party === 'buyer');
  const label =
    config?.escrowMode === 'multisig' && due
      ? party === 'seller'
        ? 'Claim Payment'
        : 'Claim Refund'
      : null;
  const run = async () => {
    const adapter = wallet?.adapter;
    if (!adapter) return;
    setBusy(true);
    try {
      await claimPayout({ orderId: order.id, adapter, connection });
      toast({
        title: party === 'seller' ? 'Payment Claimed' : 'Refund Claimed',
        // A dispute's resolution may be a split: then the party has its part, not the price.
        description:
          order.status === 'disputed'
            ? `Your part of order #${order.id} is in your wallet.`
            : `${order.price} SOL for order #${order.id} is in your wallet.`,
      });
      refreshOrders();
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
  return { label, busy, run };
}
