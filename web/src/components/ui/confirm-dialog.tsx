import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button, type ButtonVariant } from './button';
import * as modal from './modal.css';
import { useReturnFocus } from './use-return-focus';
import * as styles from './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question; read out as the dialog's description. */
  description: ReactNode;
  /** More context under the question (a warning, the amount). */
  children?: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything ("Cancel" unless told). */
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel: string;
  busy?: boolean;
  variant?: ButtonVariant;
  onConfirm: () => void;
}

/**
 * Asks before something that cannot be undone. Stays open while `busy`, so the person sees
 * the work finish (or fail) where they started it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { busy = false } = props;
  const returnFocus = useReturnFocus(props.open);
  return (
    <AlertDialog.Root
      open={props.open}
      onOpenChange={(open) => (busy && !open ? undefined : props.onOpenChange(open))}
    >
      <AlertDialog.Portal>
        {/* Above any dialog it was opened from, which its overlay dims. */}
        <AlertDialog.Overlay className={modal.overlayAbove} />
        <AlertDialog.Content
          className={`${modal.contentAbove} ${modal.width.sm}`}
          onCloseAutoFocus={returnFocus}
        >
          <AlertDialog.Title className={modal.title}>{props.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            {props.description}
          </AlertDialog.Description>
          {props.children}
          <div className={styles.buttons}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={props.variant ?? 'danger'}
              disabled={busy}
              aria-busy={busy}
              onClick={props.onConfirm}
            >
              {busy ? props.busyLabel : props.confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
