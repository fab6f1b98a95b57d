import { BLOCKHASH_BLOCKS, blockWindowProblem, DECISION_BLOCKS } from '../../domain/block-window';
import { splitParts, type Resolution } from '../../domain/dispute';
import { validation } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import { transition } from '../../domain/order';
import { payoutDue } from '../../domain/payout-due';
import { expire } from './expire-due';
import { requireAdmin, type Caller } from '../context';
import type { Chain, Clock, EscrowVerifier, Store } from '../ports';
import { loadOrder } from '../orders/load-order';
import { amounts, payoutPlan } from './payout-plan';

export interface ReserveCommand {
  action: Resolution;
  /** A split's part for the seller, in SOL (2 decimals); the buyer gets the rest. */
  sellerPart?: string;
  /** Of the blockhash the payout transaction will use: after it, the payout can never land. */
  lastValidBlockHeight: bigint;
}

/**
 * Before an admin's wallet sends a payout: the order may take it now, and no other payout of
 * it is under way (one open attempt per order, whoever sends). Answers the reference the
 * transfer must carry and the exact parts to pay.
 */
export function reservePayout(deps: {
  store: Store;
  chain: Chain;
  clock: Clock;
  /** Multisig mode: a reservation is a decision its party claims within about a day. */
  escrowVerifier?: EscrowVerifier;
}) {
  return async (
    caller: Caller | null,
    wallet: string | undefined,
    id: number,
    cmd: ReserveCommand,
  ) => {
    requireAdmin(caller, wallet);
    requireBlockWindow(
      cmd.lastValidBlockHeight,
      await deps.chain.blockHeight(),
      deps.escrowVerifier ? DECISION_BLOCKS + BLOCKHASH_BLOCKS : BLOCKHASH_BLOCKS,
    );
    const order = await dueNow(deps, await loadOrder(deps.store, id), cmd.action);
    transition(order, cmd.action, 'admin', deps.clock.now());
    const split =
      cmd.action === 'split' ? splitParts(order.price, cmd.sellerPart ?? '') : undefined;
    const parts = amounts(order, cmd.action, split);
    const attempt = await deps.store.payoutAttempts.open({
      orderId: id,
      orderStatus: order.status,
      action: cmd.action,
      sellerLamports: parts.seller,
      buyerLamports: parts.buyer,
      reference: deps.chain.newReference(),
      lastValidBlockHeight: cmd.lastValidBlockHeight,
      madeBy: 'admin',
    });
    return { attempt, parts: await payoutPlan(deps.store, order, attempt) };
  };
}

/**
 * An order whose deadline passed is moved to what is due first (as the settlement runner does),
 * so it records why and since when, and no late tracking or dispute slips in meanwhile.
 */
async function dueNow(deps: { store: Store; clock: Clock }, order: Order, action: Resolution) {
  const now = deps.clock.now();
  const due = payoutDue(order, now);
  if (!due || due.action !== action || order.dueSince) return order;
  // Not moved while another payout is under way: the reservation below is then refused.
  return (await expire(deps, order, due)) ?? (await loadOrder(deps.store, order.id));
}

/** A reservation's last valid block height, with the chain at `current`, must fit the window. */
export function requireBlockWindow(height: bigint, current: bigint, window: number) {
  const problem = blockWindowProblem(height, current, window);
  if (problem) throw validation(problem);
}
