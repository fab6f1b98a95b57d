import type { Payment } from '../../domain/entities';
import { formatSol } from '../../domain/money';
import { notify } from '../notifications/notify';
import type { Repositories } from '../ports';

/**
 * Tells the payer of a payment that bought nothing that it came back, with the refund's own
 * transaction. A wallet that never signed in has no user to tell.
 */
export async function tellPayerRefunded(tx: Repositories, payment: Payment): Promise<void> {
  const payer = await tx.users.findByWallet(payment.payerWallet);
  if (!payer) return;
  await notify(
    tx,
    payer.id,
    'refunded',
    null,
    `Refunded: ${formatSol(payment.lamports)} SOL of a payment that bought nothing, sent to your wallet`,
  );
}
