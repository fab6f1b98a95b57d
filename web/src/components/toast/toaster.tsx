import type { ReactNode } from 'react';
import { Toast } from 'radix-ui';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { dismissToastAtom, toastAtom } from './toast-atoms';
import * as styles from './toaster.css';

export const TOAST_DURATION_MS = 5000;

/**
 * Spec section 9: one toast at a time, shown 5000 ms, swipe right (50 px) to dismiss, F8
 * focuses the region. Wrap the app once; call useToast() anywhere below.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {children}
      <CurrentToast />
      <Toast.Viewport className={styles.viewport} hotkey={['F8']} />
    </Toast.Provider>
  );
}

function CurrentToast() {
  const toast = useAtomValue(toastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  if (!toast) return null;
  const variant = toast.variant ?? 'default';
  return (
    <Toast.Root
      key={toast.id}
      className={styles.toast[variant]}
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) dismiss(toast.id);
      }}
      data-variant={variant}
      type={variant === 'destructive' ? 'foreground' : 'background'}
    >
      <Toast.Title className={styles.title}>{toast.title}</Toast.Title>
      {toast.description ? (
        <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
      ) : null}
      <Toast.Close className={styles.close} aria-label="Close">
        ×
      </Toast.Close>
    </Toast.Root>
  );
}
