import type { PayoutAttempt } from '../../domain/entities';
import { mayStillLand } from '../../domain/block-window';
import type { Actor } from '../../domain/order';
import { requireAdmin, type Caller } from '../context';
import { recordPayout, settledBy, type PayoutDeps } from './record-payout';

export type Recovery = 'recorded' | 'abandoned' | 'in_flight' | 'none';

/**
 * Settles the fate of a payout attempt whose sender may never come back (a crash, a closed
 * tab): the chain decides. Landed: it is recorded (as if its sender had). Failed, or its
 * blockhash died with no trace of its reference: it is abandoned, and the payout may be tried
 * again. Otherwise it may still land, and nothing is done.
 */
export function recoverAttempt(deps: PayoutDeps) {
  const record = recordPayout(deps);
  return async (attempt: PayoutAttempt): Promise<Recovery> => {
    // Recorded on behalf of whoever sent it: an admin's payout may be one only an admin can make.
    const actor: Actor = attempt.madeBy === 'admin' ? 'admin' : 'system';
    const found = attempt.signature
      ? await statusOf(deps, attempt.signature)
      : await deps.chain.findReference(attempt.reference, deps.escrowWallet);
    if (found && !found.failed) {
      if ((await settledBy(deps.store, found.signature, attempt.orderId)) === 'something else') {
        // Its transfer was recorded as something else's (another payment's refund, by hand):
        // it paid that, and this order is still owed. Given up, so it may be paid again.
        return abandon(deps, attempt, 'payout attempt abandoned: its transfer settled another');
      }
      await record(actor, attempt.orderId, found.signature);
      return 'recorded';
    }
    const expired = !mayStillLand(attempt.lastValidBlockHeight, await deps.chain.blockHeight());
    if (found?.failed || expired) {
      // Looked for once more after the blockhash died: a late landing is recorded, not lost.
      const late =
        expired && !found
          ? await deps.chain.findReference(attempt.reference, deps.escrowWallet)
          : null;
      if (late && !late.failed) {
        await record(actor, attempt.orderId, late.signature);
        return 'recorded';
      }
      return abandon(deps, attempt, 'payout attempt abandoned: it never landed');
    }
    return 'in_flight';
  };
}

async function abandon(deps: PayoutDeps, attempt: PayoutAttempt, why: string) {
  await deps.store.payoutAttempts.close(attempt.id, 'abandoned', deps.clock.now());
  deps.logger.warn({ orderId: attempt.orderId, reference: attempt.reference }, why);
  return 'abandoned' as const;
}

async function statusOf(deps: PayoutDeps, signature: string) {
  const status = await deps.chain.signatureStatus(signature);
  return status === null ? null : { signature, failed: status === 'failed' };
}

/** Admin: what became of this order's open payout attempt (see `recoverAttempt`). */
export function recoverPayout(deps: PayoutDeps) {
  const recover = recoverAttempt(deps);
  return async (caller: Caller | null, wallet: string | undefined, id: number) => {
    requireAdmin(caller, wallet);
    const attempt = await deps.store.payoutAttempts.findOpen(id);
    const outcome: Recovery = attempt ? await recover(attempt) : 'none';
    const order = await deps.store.orders.findById(id);
    return { outcome, order };
  };
}
