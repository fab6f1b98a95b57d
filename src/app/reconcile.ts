import type { Order, ReconcileReport } from '../domain/entities';
import { solToLamports } from '../domain/money';
import { HELD_STATUSES, ORDER_STATUSES } from '../domain/order';
import { requireAdmin, type Caller, type Deps } from './context';

/**
 * Compares the escrow wallet's history on chain with the orders and the ledger. Read-only: it
 * reports, an admin decides.
 */
export function makeReconcile(deps: Deps) {
  return async function reconcile(
    caller: Caller | null,
    wallet: unknown,
  ): Promise<ReconcileReport> {
    requireAdmin(caller, wallet);
    const [incoming, balance, orders, payments] = await Promise.all([
      deps.chain.incomingTransfers(deps.escrowWallet),
      deps.chain.balance(deps.escrowWallet),
      deps.store.orders.listByStatus(ORDER_STATUSES),
      deps.store.payments.list(),
    ]);
    const bySignature = new Map<string, Order>();
    for (const order of orders) {
      if (order.escrowTransactionHash) bySignature.set(order.escrowTransactionHash, order);
    }
    const ledger = new Map(payments.map((p) => [p.signature, p]));
    const seen = new Set(incoming.map((t) => t.signature));

    const unmatched = incoming.filter(
      (t) => !bySignature.has(t.signature) && ledger.get(t.signature)?.status !== 'refunded',
    );
    const senders = new Map<string, number | null>();
    for (const from of new Set(unmatched.map((t) => t.from))) {
      senders.set(from, (await deps.store.users.findByWallet(from))?.id ?? null);
    }
    const unmatchedPayments = unmatched.map((t) => ({
      signature: t.signature,
      from: t.from,
      lamports: t.lamports.toString(),
      ledger: ledger.get(t.signature)?.status ?? null,
      senderUserId: senders.get(t.from) ?? null,
    }));
    const missingPayments = orders
      .filter((o) => !o.escrowTransactionHash || !seen.has(o.escrowTransactionHash))
      .map((o) => ({ orderId: o.id, signature: o.escrowTransactionHash, status: o.status }));
    const held = orders
      .filter((o) => HELD_STATUSES.includes(o.status))
      .reduce((sum, o) => sum + solToLamports(o.price), 0n);
    const refundDue = payments
      .filter((p) => p.status === 'refund_due')
      .reduce((sum, p) => sum + p.lamports, 0n);
    const mustHold = held + refundDue;
    return {
      unmatchedPayments,
      missingPayments,
      escrowBalance: balance.toString(),
      mustHold: mustHold.toString(),
      difference: (balance - mustHold).toString(),
    };
  };
}
