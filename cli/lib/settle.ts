import type { Order } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import type { AdminSession } from './admin-session';
import { messageOf } from './errors';
import { note } from './output';
import type { Sender } from './payout';
import type { DueRow } from './payouts-due';
import { payReserved } from './reserved-payout';
import { PayoutError } from './send-payout';

export type SettleOutcome = 'paid' | 'recovered' | 'skipped' | 'failed';

export interface SettleResult {
  orderId: number;
  action: DueRow['action'];
  to: string;
  lamports: bigint;
  outcome: SettleOutcome;
  signature: string | null;
  /** Why it was skipped or failed, for people. */
  reason: string | null;
  /** The order as the server has it after a payout was recorded. */
  order: Order | null;
}

/**
 * Settles each due payout in turn, saying how each goes on the terminal. One failing does not
 * stop the others; whatever one leaves open (sent but not recorded, say) stays reserved, and
 * the next run finishes it from the chain, never by sending again.
 */
export async function settleAll(
  session: AdminSession,
  sender: Sender,
  rows: readonly DueRow[],
): Promise<SettleResult[]> {
  const results: SettleResult[] = [];
  for (const row of rows) {
    const tag = `Order #${row.order.id}`;
    const base = { orderId: row.order.id, action: row.action, to: row.to, lamports: row.lamports };
    const result = (outcome: SettleOutcome, extra: Partial<SettleResult>): SettleResult => ({
      ...base,
      outcome,
      signature: null,
      reason: null,
      order: null,
      ...extra,
    });
    if (row.attempt)
      note(`${tag}: a payout was left under way; asking the chain what became of it`);
    try {
      const settled = await payReserved({
        session,
        sender,
        orderId: row.order.id,
        action: row.action,
        expected: [{ wallet: row.to, lamports: row.lamports }],
        recoverFirst: row.attempt !== null,
        onSent: (sig) => note(`${tag}: sent ${sig}; waiting for its confirmation`),
      });
      if (settled.outcome === 'paid') {
        note(`${tag}: paid ${formatSol(row.lamports)} SOL to ${row.to}`);
        results.push(result('paid', { signature: settled.signature, order: settled.order }));
      } else if (settled.outcome === 'recovered') {
        note(`${tag}: the earlier payout had landed (${settled.signature}); recorded it`);
        results.push(result('recovered', { signature: settled.signature, order: settled.order }));
      } else {
        const reason =
          settled.outcome === 'in_flight'
            ? 'a payout of it is in flight and may still land; a later run finishes it'
            : `already ${settled.order?.status ?? 'settled'} by someone else`;
        note(`${tag}: skipped: ${reason}`);
        results.push(result('skipped', { reason }));
      }
    } catch (error) {
      const reason = failure(error);
      note(`${tag}: failed: ${reason}`);
      const signature = error instanceof PayoutError ? (error.signature ?? null) : null;
      results.push(result('failed', { reason, signature }));
    }
  }
  return results;
}

/** Why a payout failed, and what becomes of it: never a second transfer. */
function failure(error: unknown): string {
  if (!(error instanceof PayoutError)) return messageOf(error);
  if (error.stage === 'not_sent') return `not sent: ${error.reason}`;
  if (error.stage === 'expired') {
    return `sent ${error.signature} but it expired before it landed (nothing was paid); a later run pays it again`;
  }
  if (error.stage === 'unconfirmed') {
    return `sent ${error.signature} but not confirmed (${error.reason}); a later run records it if it landed`;
  }
  return `sent ${error.signature} and confirmed, but recording it failed (${error.reason}); a later run records it`;
}
