import type { Order } from '@src/domain/entities';
import { deadlineWords } from '@src/domain/deadline-words';
import type { OrderViewer } from '@src/domain/status-labels';
import { chainConfigAtom } from '@web/features/wallet';
import { useAtomValue } from '@web/state/jotai';
import * as styles from './protection.css';

/** The order's next deadline in plain words for `viewer`; nothing when none is waiting. */
export function OrderDeadline({
  order,
  viewer,
  now,
}: {
  order: Order & { decided?: 'release' | 'refund' | null };
  viewer: OrderViewer;
  now: Date;
}) {
  // In multisig mode nothing is paid automatically: the party paid claims it.
  const mode = useAtomValue(chainConfigAtom)?.escrowMode ?? 'wallet';
  const words = deadlineWords(order, viewer, now, mode);
  return words ? (
    <p className={styles.deadline} data-testid="order-deadline">
      {words}
    </p>
  ) : null;
}
