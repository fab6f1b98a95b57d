import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import * as confirmStyles from '@web/components/ui/confirm-dialog.css';

export type PayoutKind = 'release' | 'refund' | 'payment';

const TEXT: Record<
  PayoutKind,
  { title: string; question: string; warning: string; action: string }
> = {
  release: {
    title: 'Release Funds',
    question: 'Are you sure you want to release the amount to the seller?',
    warning:
      'Warning: This action cannot be undone. Ensure you have verified the tracking information and delivery proof.',
    action: 'Release Funds',
  },
  refund: {
    title: 'Refund Buyer',
    question: 'Are you sure you want to refund the amount to the buyer?',
    warning:
      'Warning: This action cannot be undone. The order will be cancelled and the buyer paid back from escrow.',
    action: 'Refund Buyer',
  },
  payment: {
    title: 'Refund Payment',
    question: 'Are you sure you want to refund this payment to the wallet that sent it?',
    warning: 'Warning: This action cannot be undone. The exact amount goes back from escrow.',
    action: 'Refund',
  },
};

/** Asks before money leaves escrow; stays open (Processing...) until the payout finishes. */
export function PayoutConfirm(props: {
  kind: PayoutKind | null;
  /** "1.50 SOL to seller 7xKX...sAsU" */
  summary: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const text = TEXT[props.kind ?? 'release'];
  return (
    <ConfirmDialog
      open={props.kind !== null}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={text.title}
      description={text.question}
      confirmLabel={text.action}
      busyLabel="Processing..."
      busy={props.busy}
      variant="primary"
      onConfirm={props.onConfirm}
    >
      <p className={confirmStyles.warning}>{text.warning}</p>
      <p style={{ marginTop: 12, fontWeight: 700 }}>{props.summary}</p>
    </ConfirmDialog>
  );
}
