import type { OrderWithProduct } from '@src/domain/entities';
import type { ChainConfig } from '@web/api/get-config';
import * as styles from './admin.css';

/**
 * Multisig mode: the admin's decision on this order is recorded and waits for the party paid to
 * claim it (the escrow is closed only by that party's signature with the arbiter's). Null where
 * there is none: then the admin may decide.
 */
export function decisionNote(order: OrderWithProduct, config: ChainConfig | null): string | null {
  if (config?.escrowMode !== 'multisig' || !order.decided) return null;
  return order.decided === 'release'
    ? 'Decision recorded: the seller claims the payment from Your Sales.'
    : 'Decision recorded: the buyer claims the refund from My Purchases.';
}

export function DecisionNote({ text }: { text: string }) {
  return (
    <p role="status" className={styles.muted}>
      {text}
    </p>
  );
}
