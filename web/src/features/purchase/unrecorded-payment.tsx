import { Button } from '@web/components/ui/button';
import * as styles from './purchase.css';

/**
 * The payment reached escrow but the order was not recorded. Retrying re-posts the same
 * signature, never a second payment.
 */
export function UnrecordedPayment(props: {
  signature: string;
  message: string;
  retryable: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={styles.alert}>
      <strong>Your payment went through, but the order was not recorded.</strong>
      <span>{props.message}</span>
      <span>Keep this payment signature; it proves your payment:</span>
      <code className={styles.signature}>{props.signature}</code>
      {props.retryable ? (
        <Button variant="secondary" onClick={props.onRetry}>
          Retry recording
        </Button>
      ) : null}
    </div>
  );
}
