import { Button } from '@web/components/ui/button';
import type { PayoutState } from './use-payouts';
import * as styles from './admin.css';

/** The transfer left escrow but the server did not record it: retry with the same signature. */
export function UnrecordedPayout({
  state,
  onRetry,
}: {
  state: PayoutState | undefined;
  onRetry: () => void;
}) {
  if (state?.phase !== 'unrecorded') return null;
  return (
    <div role="alert" className={styles.alert}>
      <strong>The transfer went through, but it was not recorded.</strong>
      <span>{state.message}</span>
      <span>Do not pay again. Retry recording with this signature:</span>
      <code className={styles.mono}>{state.signature}</code>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry recording
      </Button>
    </div>
  );
}
