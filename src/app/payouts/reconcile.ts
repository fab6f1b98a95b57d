import type { Order, Payment, ReconcileReport } from '../../domain/entities';
import { perOrderEscrows } from './reconcile-escrows';
import { solToLamports } from '../../domain/money';
import { HELD_STATUSES, ORDER_STATUSES } from '../../domain/order';
import { requireAdmin, type Caller } from '../context';
import type { Chain, EscrowVerifier, Store } from '../ports';

/**
 * Compares the escrow wallet's history on chain with the orders and the ledger. Read-only: it
 * reports, an admin decides.
 */
export function reconcile(deps: {
  store: Store;
  chain: Chain;
  escrowWallet: string;
  escrowVerifier?: EscrowVerifier;
}) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    opts: { full?: boolean } = {},
  ): Promise<ReconcileReport> => {
    requireAdmin(caller, wallet);
    await readNewHistory(deps, opts.full ?? false);
    const [incoming, balance, orders, payments] = await Promise.all([
      deps.store.chainHistory.transfers(deps.escrowWallet),
      // Multisig mode: the arbiter's own wallet holds no buyer's money; its balance says nothing.
      deps.escrowVerifier ? 0n : deps.chain.balance(deps.escrowWallet),
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
    const senders = await userIdsOf(
      deps.store,
      unmatched.map((t) => t.from),
    );
    const held = orders
      .filter((o) => HELD_STATUSES.includes(o.status))
      .reduce((sum, o) => sum + solToLamports(o.price), 0n);
    const refundDue = payments
      .filter((p) => p.status === 'refund_due')
      .reduce((sum, p) => sum + p.lamports, 0n);
    const mustHold = held + refundDue;
    if (deps.escrowVerifier) {
      return {
        ...(await perOrderEscrows(deps.store, deps.escrowVerifier, orders, payments)),
        unmatchedPayments: unmatched.map((t) => ({
          signature: t.signature,
          from: t.from,
          lamports: t.lamports,
          ledger: ledger.get(t.signature)?.status ?? null,
          senderUserId: senders.get(t.from) ?? null,
        })),
      };
    }
    return {
      unmatchedPayments: unmatched.map((t) => ({
        signature: t.signature,
        from: t.from,
        lamports: t.lamports,
        ledger: ledger.get(t.signature)?.status ?? null,
        senderUserId: senders.get(t.from) ?? null,
      })),
      unrecordedPayouts: await unrecordedPayouts(deps, payments),
      missingPayments: orders
        .filter((o) => !o.escrowTransactionHash || !seen.has(o.escrowTransactionHash))
        .map((o) => ({ orderId: o.id, signature: o.escrowTransactionHash, status: o.status })),
      escrowBalance: balance,
      mustHold,
      difference: balance - mustHold,
    };
  };
}

/** The marketplace user of each wallet (null: a wallet no one signed in with), once per wallet. */
async function userIdsOf(store: Store, wallets: readonly string[]) {
  const ids = new Map<string, number | null>();
  for (const wallet of new Set(wallets)) {
    ids.set(wallet, (await store.users.findByWallet(wallet))?.id ?? null);
  }
  return ids;
}

/**
 * Wallet mode: money that left the escrow wallet that the ledger does not account for. Each
 * transfer out (summed per transaction and recipient) must be a payout part recorded with that
 * signature, that recipient's wallet and that amount, or a payment's recorded refund to its payer:
 * a payout sent by hand and never recorded, one whose recording was refused (an unreserved payout
 * that lost a race), a second transfer slipped into a recorded payout, or a leaked key's theft
 * all show. The fee of a payout is no transfer: it shows only in the balance.
 */
async function unrecordedPayouts(
  deps: { store: Store; escrowWallet: string },
  payments: readonly Payment[],
) {
  const outgoing = await deps.store.chainHistory.outgoing(deps.escrowWallet);
  const parts = await deps.store.payouts.bySignatures([
    ...new Set(outgoing.map((t) => t.signature)),
  ]);
  const key = (signature: string, to: string, lamports: bigint) => `${signature}|${to}|${lamports}`;
  const recorded = new Set([
    ...parts.map((p) => key(p.signature, p.wallet, p.lamports)),
    ...payments
      .filter((p) => p.refundSignature !== null)
      .map((p) => key(p.refundSignature!, p.payerWallet, p.lamports)),
  ]);
  const unrecorded = outgoing.filter((t) => !recorded.has(key(t.signature, t.to, t.lamports)));
  const users = await userIdsOf(
    deps.store,
    unrecorded.map((t) => t.to),
  );
  return unrecorded.map((t) => ({
    signature: t.signature,
    to: t.to,
    lamports: t.lamports,
    recipientUserId: users.get(t.to) ?? null,
  }));
}

/**
 * Reads only the escrow wallet's history newer than what was read before (a stored cursor), so
 * a run costs what is new, not the whole history; `full` forgets it all and reads from the start.
 */
async function readNewHistory(
  deps: { store: Store; chain: Chain; escrowWallet: string },
  full: boolean,
) {
  const history = deps.store.chainHistory;
  if (full) await history.reset(deps.escrowWallet);
  const cursor = await history.cursor(deps.escrowWallet);
  const read = await deps.chain.transfersSince(deps.escrowWallet, cursor);
  await history.add(deps.escrowWallet, read, read.newest ?? cursor);
}
