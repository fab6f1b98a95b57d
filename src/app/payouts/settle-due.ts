import type { OrderWithProduct } from '../../domain/entities';
import type { EscrowPayer } from '../ports';
import { DomainError } from '../../domain/errors';
import { amounts, payoutPlan } from './payout-plan';
import { duePayouts } from './payouts-due';
import { expireIfDue } from './expire-due';
import { recordPayout, type PayoutDeps } from './record-payout';
import { recoverAttempt } from './recover-payout';

export interface SettleReport {
  paid: number[];
  recovered: number[];
  abandoned: number[];
  failed: { orderId: number; error: string }[];
}

/**
 * The settlement runner's round, where the server holds the escrow key: first the fate of every
 * payout left open (by a crash, another process, an admin's closed tab), then every payout due
 * now is paid exactly once. A payout is reserved (one open attempt per order, across processes)
 * before it is sent, with the signature it will land under, so a crash at any point leaves
 * either a payout on chain to record or a dead blockhash to give up on, never a second transfer.
 */
export function settleDue(deps: PayoutDeps & { payer: EscrowPayer }) {
  const recover = recoverAttempt(deps);
  const record = recordPayout(deps);
  return async (): Promise<SettleReport> => {
    const report: SettleReport = { paid: [], recovered: [], abandoned: [], failed: [] };
    for (const attempt of await deps.store.payoutAttempts.listOpen()) {
      const outcome = await recover(attempt).catch((error: unknown) =>
        fail(attempt.orderId, error),
      );
      if (outcome === 'recorded') report.recovered.push(attempt.orderId);
      if (outcome === 'abandoned') report.abandoned.push(attempt.orderId);
    }
    for (const due of await duePayouts(deps.store, deps.clock.now())) {
      if (due.attempt) continue;
      await payOne(due.order).catch((error: unknown) => fail(due.order.id, error));
    }
    return report;

    function fail(orderId: number, error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      report.failed.push({ orderId, error: message });
      deps.logger.warn({ orderId, err: error }, 'settlement: payout not made this round');
      return undefined;
    }

    async function payOne(found: OrderWithProduct) {
      const order = await dueNow(found);
      if (!order) return;
      const action = order.status === 'release_due' ? 'release' : 'refund';
      const split = amounts(order, action);
      const parts = { sellerLamports: split.seller, buyerLamports: split.buyer };
      const plan = await payoutPlan(deps.store, order, parts);
      const reference = deps.chain.newReference();
      const prepared = await deps.payer.prepare(
        plan.map((p) => ({ to: p.wallet, lamports: p.lamports })),
        reference,
      );
      const attempt = await deps.store.payoutAttempts
        .open({
          orderId: order.id,
          orderStatus: order.status,
          action,
          ...parts,
          reference,
          signature: prepared.signature,
          lastValidBlockHeight: prepared.lastValidBlockHeight,
          madeBy: 'settlement',
        })
        .catch((error: unknown) => {
          // Another process or an admin got there first: theirs to finish.
          if (error instanceof DomainError && error.code === 'conflict') return null;
          throw error;
        });
      if (!attempt) return;
      await prepared.send();
      const outcome = await prepared.confirm();
      if (outcome !== 'confirmed') return; // the next round's recovery decides
      await record('system', order.id, prepared.signature);
      report.paid.push(order.id);
    }

    /** A deadline that passed moves the order first (frozen: no late tracking, no late dispute). */
    function dueNow(order: OrderWithProduct) {
      return expireIfDue(deps, order);
    }
  };
}
