import { useEffect, useState } from 'react';
import { splitParts, type Resolution } from '@src/domain/dispute';
import type { OrderWithProduct } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import * as confirmStyles from '@web/components/ui/confirm-dialog.css';
import { Modal } from '@web/components/ui/modal';
import * as styles from './admin.css';

const CHOICES: { value: Resolution; label: string; button: string }[] = [
  { value: 'release', label: 'Release to the seller', button: 'Release to Seller' },
  { value: 'refund', label: 'Refund the buyer', button: 'Refund Buyer' },
  { value: 'split', label: 'Split between them', button: 'Split Payment' },
];

/** What the admin decided, checked: a split carries the seller's part in SOL. */
export interface Decision {
  action: Resolution;
  sellerPart?: string;
  summary: string;
}

/** A split's parts in words, or the rule it breaks. */
function splitWords(price: string, sellerPart: string): { ok: string } | { problem: string } {
  try {
    const parts = splitParts(price, sellerPart);
    return {
      ok: `${formatSol(parts.seller)} SOL to the seller and ${formatSol(parts.buyer)} SOL to the buyer`,
    };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/**
 * Resolves a dispute: release to the seller, refund the buyer, or split (the seller's part in SOL
 * to 2 decimals, the rest to the buyer). The escrow wallet connected here signs the payout.
 */
export function ResolveDialog({
  order,
  busy,
  onResolve,
  onClose,
}: {
  order: OrderWithProduct | null;
  busy: boolean;
  onResolve: (order: OrderWithProduct, decision: Decision) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={(next) => (next || busy ? undefined : onClose())}
      title="Resolve Dispute"
      description={order ? `Order #${order.id} · ${order.price} SOL in escrow` : undefined}
      size="sm"
    >
      {order ? (
        <ResolveForm
          key={order.id}
          order={order}
          busy={busy}
          onResolve={onResolve}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ResolveForm(props: {
  order: OrderWithProduct;
  busy: boolean;
  onResolve: (order: OrderWithProduct, decision: Decision) => void;
  onCancel: () => void;
}) {
  const { order, busy } = props;
  // Nothing is chosen for the admin: money moves only on a decision made and then confirmed.
  const [action, setAction] = useState<Resolution | null>(null);
  const [sellerPart, setSellerPart] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const split = action === 'split' ? splitWords(order.price, sellerPart) : null;
  const choice = CHOICES.find((c) => c.value === action) ?? null;

  // The question stays up while the payout runs; if it fails the form is back in front, with
  // the failure's toast (on success the whole dialog closes).
  useEffect(() => {
    if (!busy) setConfirming(null);
  }, [busy]);

  const submit = () => {
    if (!action) return;
    if (split && 'problem' in split) {
      setProblem(split.problem);
      return;
    }
    const summary =
      action === 'release'
        ? `${order.price} SOL to the seller`
        : action === 'refund'
          ? `${order.price} SOL to the buyer`
          : split!.ok;
    setConfirming({
      action,
      sellerPart: action === 'split' ? sellerPart.trim() : undefined,
      summary,
    });
  };

  return (
    <div className={styles.list}>
      <fieldset className={styles.choices} disabled={busy}>
        <legend className={styles.legend}>Decision</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className={styles.choice}>
            <input
              type="radio"
              name="resolution"
              value={c.value}
              checked={action === c.value}
              onChange={() => {
                setAction(c.value);
                setProblem(null);
                setConfirming(null);
              }}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {action === 'split' ? (
        <label className={styles.field}>
          <span>Seller’s part (SOL)</span>
          <input
            className={styles.input}
            type="text"
            inputMode="decimal"
            value={sellerPart}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setSellerPart(event.target.value);
              setProblem(null);
            }}
          />
          {split && 'ok' in split ? <span className={styles.muted}>{split.ok}</span> : null}
        </label>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.alert}>
          {problem}
        </p>
      ) : null}
      <div className={styles.dialogButtons}>
        <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={busy || !choice} aria-busy={busy}>
          {busy ? 'Paying...' : (choice?.button ?? 'Resolve')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={choice?.button ?? 'Resolve Dispute'}
        description={`Are you sure you want to resolve this dispute: ${confirming?.summary ?? ''}?`}
        confirmLabel={choice?.button ?? 'Resolve'}
        busyLabel="Paying..."
        busy={busy}
        variant="primary"
        onConfirm={() => confirming && props.onResolve(order, confirming)}
      >
        <p className={confirmStyles.warning}>
          Warning: This action cannot be undone. The dispute is closed and the money leaves escrow.
        </p>
      </ConfirmDialog>
    </div>
  );
}
