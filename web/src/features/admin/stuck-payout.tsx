import { Button } from '@web/components/ui/button';
import type { ReservedState } from './use-reserved-payouts';
import * as styles from './admin.css';

/**
 * A payout reserved but not recorded (the send failed or its answer was lost): never sent again
 * from here, only checked with the server, which finds it on chain or lets it go.
 */
export function StuckPayout({
  state,
  onCheck,
}: {
  state: ReservedState | undefined;
  onCheck: () => void;
}) {
  if (state?.phase !== 'stuck') return null;
  return (
    <div role="alert" className={styles.alert}>
      <strong>A payout was reserved but not recorded.</strong>
      <span>{state.message}</span>
      <Button variant="secondary" size="sm" onClick={onCheck}>
        Check Payout
      </Button>
    </div>
  );
}
