import { conflict, forbidden, notFound, validation } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import { solToLamports } from '../../domain/money';
import { requireCaller, type Caller } from '../context';
import type { Chain, Clock, EscrowCosigner, Store } from '../ports';
import { BLOCKHASH_BLOCKS } from '../../domain/block-window';
import { expireIfDue } from '../payouts/expire-due';
import { recordPayout, settledBy, type PayoutDeps } from '../payouts/record-payout';
import { loadOrder } from './load-order';

/**
 * Multisig mode: a payout that is due (the buyer confirmed, a deadline passed, the seller
 * cancelled) or that an admin decided (a reserved payout: release after tracking review, a
 * refund, a dispute's resolution) is claimed by the party the escrow closes to, who signs the
 * close the arbiter has signed already. The arbiter signs only what the order's state or the
 * admin's reservation says, and only for that party.
 */
async function dueTo(deps: { store: Store; clock: Clock }, caller: Caller | null, id: number) {
  const who = requireCaller(caller);
  const { store } = deps;
  const found = await loadOrder(store, id);
  // Whether anything is due, and when, is the order's parties' business only.
  if (who.userId !== found.buyerId && who.userId !== found.sellerId) {
    throw forbidden('Only the buyer or the seller of this order may claim its escrow');
  }
  const decided = await store.payoutAttempts.findOpen(id);
  // A deadline that passed (inspection over, not shipped in time) makes the payout due now.
  const order = decided ? found : ((await expireIfDue(deps, found)) ?? found);
  const outcome: 'release' | 'refund' | null = decided
    ? decided.sellerLamports > 0n
      ? 'release'
      : 'refund'
    : order.status === 'release_due'
      ? 'release'
      : order.status === 'refund_due'
        ? 'refund'
        : null;
  if (!outcome) throw conflict('Nothing is due to be paid out of this order’s escrow');
  const party = outcome === 'release' ? order.sellerId : order.buyerId;
  if (who.userId !== party) {
    throw forbidden(
      outcome === 'release'
        ? 'Only the seller claims a release that is due'
        : 'Only the buyer claims a refund that is due',
    );
  }
  return {
    order,
    outcome,
    // An admin's refund gives the buyer all the escrow holds, as a refund due does (a top-up
    // included, see escrowSurplusTo); a release or a split names the buyer's part.
    toBuyer: decided && decided.sellerLamports > 0n ? decided.buyerLamports : undefined,
    actor: decided ? ('admin' as const) : ('system' as const),
    /** An admin's decision stands until this block; null for a payout the order made due. */
    decidedUntil: decided ? decided.lastValidBlockHeight : null,
  };
}

async function parties(store: Store, order: Order) {
  const [buyer, seller] = await Promise.all([
    store.users.findById(order.buyerId),
    store.users.findById(order.sellerId),
  ]);
  if (!buyer || !seller || !order.escrowTransactionHash) throw notFound('Order parties not found');
  return { buyer: buyer.walletAddress, seller: seller.walletAddress };
}

/**
 * The arbiter-signed close of a due payout, for the party paid to sign and send. An admin's
 * decision is signed for only while a close made now can land before it lapses: once it has
 * lapsed it is given up (recovery cannot tell a close that landed from one that did not, they
 * carry no reference), and a close landing after that would pay a decision no longer held.
 */
export function escrowOutcome(deps: {
  store: Store;
  clock: Clock;
  chain: Pick<Chain, 'blockHeight'>;
  cosigner?: EscrowCosigner;
}) {
  return async (caller: Caller | null, id: number) => {
    const { order, outcome, toBuyer, decidedUntil } = await dueTo(deps, caller, id);
    if (!deps.cosigner) {
      throw validation('Payouts are signed by the arbiter only in multisig mode, with its key');
    }
    if (decidedUntil !== null) {
      const height = await deps.chain.blockHeight();
      if (height + BigInt(BLOCKHASH_BLOCKS) > decidedUntil) {
        throw conflict(
          `The admin's decision stands only until block ${decidedUntil}, too soon for a close ` +
            `to land (the chain is at block ${height}); an admin decides again once it has lapsed`,
        );
      }
    }
    const [who, payment] = await Promise.all([
      parties(deps.store, order),
      deps.store.payments.findBySignature(order.escrowTransactionHash ?? ''),
    ]);
    const prepared = await deps.cosigner.prepareOutcome({
      ...who,
      paymentSignature: order.escrowTransactionHash!,
      escrowAccount: payment?.escrowAccount,
      lamports: solToLamports(order.price),
      outcome,
      toBuyer,
    });
    return { ...prepared, outcome };
  };
}

/** The party paid reports the close it sent: recorded once the chain shows it, exactly. */
export function claimEscrowOutcome(deps: PayoutDeps) {
  const record = recordPayout(deps);
  return async (caller: Caller | null, id: number, signature: string) => {
    // Reported again once recorded (a retry after a lost answer): the order as it is now, to its
    // parties. Nothing is due any more, so this is asked before whether anything is.
    if ((await settledBy(deps.store, signature, id)) === 'this payout') {
      const order = await loadOrder(deps.store, id);
      const who = requireCaller(caller);
      if (who.userId === order.buyerId || who.userId === order.sellerId) return order;
    }
    const { outcome, actor } = await dueTo(deps, caller, id);
    if (!deps.escrowVerifier) {
      throw validation('Payouts are claimed by their party only in multisig mode');
    }
    // An admin's reservation names its own action (release, refund or split).
    return record(actor, id, signature, actor === 'admin' ? undefined : outcome);
  };
}
