import { conflict, validation } from '../../domain/errors';
import type { Order, PayoutAttempt } from '../../domain/entities';
import type { Resolution } from '../../domain/dispute';
import { transition, type Actor, type OrderStatus } from '../../domain/order';
import { statusAfterReturn } from '../../domain/product-lifecycle';
import type {
  Chain,
  Clock,
  EscrowVerifier,
  Logger,
  OrderPatch,
  Repositories,
  Store,
} from '../ports';
import { loadOrder, moved } from '../orders/load-order';
import { amounts, payoutPlan, type PlannedPart } from './payout-plan';
import { notify } from '../notifications/notify';
import { formatSol, solToLamports } from '../../domain/money';
import { DomainError, notFound } from '../../domain/errors';
import { requireTransfer } from './verified-transfer';
import { reservedGivesWay } from './reserved-transfer';

export interface PayoutDeps {
  store: Store;
  chain: Chain;
  clock: Clock;
  logger: Logger;
  escrowWallet: string;
  /** Multisig mode: a payout is the close of the order's escrow account, checked by this. */
  escrowVerifier?: EscrowVerifier;
}

const RECORD: Record<Resolution, (signature: string, now: string) => OrderPatch> = {
  release: (signature, now) => ({ releaseTransactionHash: signature, fundsReleasedAt: now }),
  refund: (signature, now) => ({ refundTransactionHash: signature, refundedAt: now }),
  split: (signature, now) => ({
    releaseTransactionHash: signature,
    fundsReleasedAt: now,
    refundTransactionHash: signature,
    refundedAt: now,
  }),
};

/**
 * What `signature` settled already, seen from this order's payout: nothing yet, this order's
 * payout (reported again: its sender and a recovery may both report one), or something else (a
 * payment, another order's payout, a payment's refund recorded by hand).
 */
export async function settledBy(
  store: Store,
  signature: string,
  orderId: number,
): Promise<'nothing' | 'this payout' | 'something else'> {
  const claimed = await store.signatures.find(signature);
  if (claimed === null) return 'nothing';
  return claimed.orderId === orderId && claimed.purpose !== 'payment'
    ? 'this payout'
    : 'something else';
}

const recordedFor = async (store: Store, signature: string, orderId: number) =>
  (await settledBy(store, signature, orderId)) === 'this payout';

/**
 * The one payout step, whoever paid (an admin in the browser or the CLI, the settlement
 * runner): the transaction must pay every part of the payout out of the escrow wallet, exactly,
 * to the right wallets; then, in one database transaction, its signature is claimed (it settles
 * nothing else, ever), the order moves, each part enters the payout ledger, a refund puts the
 * unit back, a dispute gets its resolution, and the payout attempt closes.
 *
 * `expected`: the action a caller asked for (the spec's release-funds call). Without an open
 * attempt it is the payout; with one, it must be the attempt's.
 */
export function recordPayout(deps: PayoutDeps) {
  return async (actor: Actor, orderId: number, signature: string, expected?: Resolution) => {
    const order = await loadOrder(deps.store, orderId);
    // Recorded already (its sender and a recovery may both report one payout): the same answer.
    if (await recordedFor(deps.store, signature, orderId)) return order;
    const attempt = await deps.store.payoutAttempts.findOpen(orderId);
    const action = attempt?.action ?? expected;
    if (!action) throw validation('Reserve the payout first: nothing is under way for this order');
    if (expected && attempt && attempt.action !== expected) {
      throw conflict(`A ${attempt.action} of this order is under way; record that instead`);
    }
    const now = deps.clock.now();
    const to = afterPayout(order, action, actor, now, attempt !== null);
    const parts = attempt ?? toParts(amounts(order, action));
    const plan = await payoutPlan(deps.store, order, parts);
    if (deps.escrowVerifier) {
      await requireOutcome(deps.store, deps.escrowVerifier, order, signature, parts);
    } else {
      for (const part of plan) {
        await requireTransfer(deps.chain, {
          signature,
          from: deps.escrowWallet,
          to: part.wallet,
          lamports: part.lamports,
        });
      }
    }
    // A transfer sent in place of the reserved one is recorded only once that one cannot land.
    const replaced =
      attempt !== null &&
      !deps.escrowVerifier &&
      (await reservedGivesWay(deps, attempt, signature, 'payout reserved for this order')) ===
        'replaced';
    const record = () =>
      deps.store.transaction(async (tx) => {
        await tx.signatures.claim(signature, action, orderId);
        const patch = { ...RECORD[action](signature, now.toISOString()), status: to };
        const updated = moved(await tx.orders.update(orderId, order.status, patch));
        for (const part of plan) await tx.payouts.record({ orderId, signature, action, ...part });
        if (action === 'refund') await refunded(tx, order, signature);
        if (order.status === 'disputed') await resolved(tx, orderId, action, parts, now);
        if (attempt && replaced) await tx.payoutAttempts.close(attempt.id, 'abandoned', now);
        else if (attempt) await closeDone(tx, attempt, signature, now);
        await tellParties(tx, order, plan);
        return updated;
      });
    let done: Order;
    try {
      done = await record();
    } catch (error) {
      // Its other reporter recorded it meanwhile (both verified it before either claimed it):
      // the same answer as a report that came after.
      if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
      if (!(await recordedFor(deps.store, signature, orderId))) throw error;
      return loadOrder(deps.store, orderId);
    }
    deps.logger.info({ orderId, action, by: actor }, 'payout recorded');
    return done;
  };
}

/**
 * The order's status once the payout is recorded. One move is taken after the fact: an admin's
 * refund sent without a reservation (the spec's flow: sent, then recorded) of a shipped order
 * whose buyer confirmed receipt meanwhile. The refund has left escrow by then (it is checked on
 * chain before anything is written): refusing to record it would lose it, and the settlement
 * runner would pay the seller as well. A reserved payout never meets this: its order is held
 * still until it is recorded or abandoned.
 */
function afterPayout(
  order: Order,
  action: Resolution,
  actor: Actor,
  now: Date,
  reserved: boolean,
): OrderStatus {
  if (!reserved && actor === 'admin' && action === 'refund' && order.status === 'release_due') {
    return transition({ ...order, status: 'refund_due' }, 'refund', actor, now);
  }
  return transition(order, action, actor, now);
}

/** Multisig mode: the transaction closes the order's escrow, exactly these parts to each party. */
async function requireOutcome(
  store: Store,
  verifier: EscrowVerifier,
  order: Order,
  signature: string,
  parts: { sellerLamports: bigint; buyerLamports: bigint },
) {
  const [buyer, seller, payment] = await Promise.all([
    store.users.findById(order.buyerId),
    store.users.findById(order.sellerId),
    store.payments.findBySignature(order.escrowTransactionHash ?? ''),
  ]);
  if (!buyer || !seller || !order.escrowTransactionHash) throw notFound('Order parties not found');
  const check = await verifier.verifyEscrowOutcome({
    signature,
    paymentSignature: order.escrowTransactionHash,
    escrowAccount: payment?.escrowAccount,
    buyer: buyer.walletAddress,
    seller: seller.walletAddress,
    lamports: solToLamports(order.price),
    sellerLamports: parts.sellerLamports,
    buyerLamports: parts.buyerLamports,
  });
  if (!check.ok) throw new DomainError('payment_invalid', check.message, { reason: check.reason });
}

/**
 * Each party paid hears how much, for which order; paid whole to the seller, the buyer hears
 * that the order is complete (and may now review it).
 */
async function tellParties(tx: Repositories, order: Order, plan: PlannedPart[]) {
  if (plan.length > 0 && plan.every((part) => part.recipient === 'seller')) {
    await notify(
      tx,
      order.buyerId,
      'released',
      order,
      `Order #${order.id} is complete: its ${order.price} SOL went to the seller. You can now leave a review`,
    );
  }
  for (const part of plan) {
    const sol = formatSol(part.lamports);
    if (part.recipient === 'seller') {
      await notify(
        tx,
        order.sellerId,
        'released',
        order,
        `Payment released: ${sol} SOL for order #${order.id}`,
      );
    } else {
      await notify(
        tx,
        order.buyerId,
        'refunded',
        order,
        `Refunded: ${sol} SOL for order #${order.id}, sent to your wallet`,
      );
    }
  }
}

const toParts = (a: { seller: bigint; buyer: bigint }) => ({
  sellerLamports: a.seller,
  buyerLamports: a.buyer,
});

/** The unit goes back to stock (the lifecycle says whether that undoes a sell-out). */
async function refunded(tx: Repositories, order: Order, signature: string) {
  const returned = await tx.products.returnUnit(order.productId);
  if (returned) {
    const next = statusAfterReturn(returned);
    if (next !== returned.status) await tx.products.setStatus(order.productId, next);
  }
  if (order.escrowTransactionHash) {
    await tx.payments.update(order.escrowTransactionHash, {
      status: 'refunded',
      refundSignature: signature,
    });
  }
}

async function resolved(
  tx: Repositories,
  orderId: number,
  resolution: Resolution,
  parts: { sellerLamports: bigint; buyerLamports: bigint },
  now: Date,
) {
  await tx.disputes.resolve(orderId, {
    resolution,
    sellerLamports: parts.sellerLamports,
    buyerLamports: parts.buyerLamports,
    resolvedAt: now.toISOString(),
  });
}

async function closeDone(tx: Repositories, attempt: PayoutAttempt, signature: string, now: Date) {
  if (attempt.signature !== signature) await tx.payoutAttempts.setSignature(attempt.id, signature);
  await tx.payoutAttempts.close(attempt.id, 'done', now);
}
