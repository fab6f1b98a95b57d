import type { Order, Payment } from '../../domain/entities';
import { solToLamports } from '../../domain/money';
import { HELD_STATUSES } from '../../domain/order';
import type { EscrowVerifier, Store } from '../ports';

/**
 * Multisig mode: every order still in escrow against its own escrow account on chain, and every
 * payment that bought nothing against its own. Each account was recorded with its payment, so
 * all of them are read together, 100 a call; an order recorded before that (no account in the
 * ledger) is looked up from its payment. A held order whose account is closed, missing or holds
 * another amount is a missing payment.
 */
export async function perOrderEscrows(
  store: Store,
  verifier: EscrowVerifier,
  orders: Order[],
  payments: Payment[],
) {
  const held = orders.filter((o) => HELD_STATUSES.includes(o.status));
  const ledger = new Map(payments.map((p) => [p.signature, p]));
  const known = new Map<number, string | null>();
  await Promise.all(
    held.map(async (order) => {
      const signature = order.escrowTransactionHash;
      const recorded = signature ? ledger.get(signature)?.escrowAccount : null;
      known.set(order.id, recorded ?? (await lookUp(store, verifier, order)));
    }),
  );
  const refundDue = payments.filter((p) => p.status === 'refund_due' && p.escrowAccount);
  const accounts = [
    ...[...known.values()].filter((a): a is string => a !== null),
    ...refundDue.map((p) => p.escrowAccount!),
  ];
  const balances = accounts.length ? await verifier.escrowBalances(accounts) : new Map();
  const holding = (account: string | null) => (account ? (balances.get(account) ?? null) : null);

  const escrowAccounts = held.map((order) => {
    const account = known.get(order.id) ?? null;
    return {
      orderId: order.id,
      account,
      lamports: holding(account),
      price: solToLamports(order.price),
    };
  });
  const refundDueAccounts = refundDue.map((p) => ({
    signature: p.signature,
    account: p.escrowAccount!,
    lamports: holding(p.escrowAccount),
    due: p.lamports,
  }));
  const escrowBalance =
    escrowAccounts.reduce((sum, a) => sum + (a.lamports ?? 0n), 0n) +
    refundDueAccounts.reduce((sum, a) => sum + (a.lamports ?? 0n), 0n);
  const mustHold =
    escrowAccounts.reduce((sum, a) => sum + a.price, 0n) +
    refundDueAccounts.reduce((sum, a) => sum + a.due, 0n);
  const missing = new Set(
    escrowAccounts.filter((a) => a.lamports !== a.price).map((a) => a.orderId),
  );
  return {
    escrowAccounts,
    refundDueAccounts,
    missingPayments: held
      .filter((o) => missing.has(o.id))
      .map((o) => ({ orderId: o.id, signature: o.escrowTransactionHash, status: o.status })),
    escrowBalance,
    mustHold,
    difference: escrowBalance - mustHold,
  };
}

/** An order recorded before escrow accounts were kept: its account from its payment on chain. */
async function lookUp(store: Store, verifier: EscrowVerifier, order: Order) {
  const buyer = await store.users.findById(order.buyerId);
  if (!buyer || !order.escrowTransactionHash) return null;
  const found = await verifier.escrowHolding({
    paymentSignature: order.escrowTransactionHash,
    buyer: buyer.walletAddress,
    lamports: solToLamports(order.price),
  });
  return found.account;
}
