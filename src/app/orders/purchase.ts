import { contactErrors } from '../../domain/contact';
import { conflict, DomainError, forbidden, notFound, validation } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import { solToLamports } from '../../domain/money';
import { transition, type OrderFacts } from '../../domain/order';
import { requireSelf, type Caller } from '../context';
import type { Chain, Clock, EscrowVerifier, Logger, Store } from '../ports';
import { paidDeadlines, type ProtectionPolicy } from '../../domain/deadlines';
import { requireEscrowPayment, requireTransfer } from '../payouts/verified-transfer';
import { recordPurchase, type PurchaseCommand } from './record-purchase';
import { flaggedForRefund, keptForProductGone, recordUnbought } from './unbought-payment';

export type { PurchaseCommand } from './record-purchase';

/** A promise's outcome, held without an unhandled rejection until someone asks for it. */
const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => ({ error }),
  );
const rethrow = (failed: { error: unknown } | null) => {
  if (failed) throw failed.error;
};

const UNPAID: OrderFacts = {
  status: 'pending',
  shipBy: null,
  autoRefundAt: null,
  inspectionEndsAt: null,
};

export interface PurchaseResult {
  order: Order;
  created: boolean;
}

/**
 * Records an order for a payment the chain confirms: buyer -> escrow, exactly the price (in
 * multisig mode: into the order's own escrow account of buyer, seller and arbiter). Posting
 * the same payment again answers the same order, so a client may always retry.
 */
export function purchase(deps: {
  store: Store;
  chain: Chain;
  clock: Clock;
  logger: Logger;
  escrowWallet: string;
  policy: ProtectionPolicy;
  escrowVerifier?: EscrowVerifier;
}) {
  const { store } = deps;

  async function replay(signature: string, buyerId: number, productId: number) {
    // Every order and every payment claimed its signature when it was recorded: one key
    // look-up tells a refused new payment (every forged one) from a repeat.
    if (!(await store.signatures.find(signature))) return null;
    const existing = await store.orders.findByEscrowSignature(signature);
    if (existing) {
      if (existing.buyerId === buyerId && existing.productId === productId) return existing;
      throw conflict('This transaction signature has already been used');
    }
    const payment = await store.payments.findBySignature(signature);
    if (payment) {
      throw conflict(
        payment.status === 'refund_due'
          ? `This payment could not buy the product (${payment.reason}); it is flagged for a refund`
          : 'This transaction signature has already been used',
      );
    }
    // Claimed by a payout (a release or a refund): it bought nothing.
    throw conflict('This transaction signature has already been used');
  }

  return async (caller: Caller | null, cmd: PurchaseCommand): Promise<PurchaseResult> => {
    const who = requireSelf(caller, cmd.buyerId);
    const lamports = solToLamports(cmd.price);
    const transfer = {
      signature: cmd.signature,
      from: who.walletAddress,
      to: deps.escrowWallet,
      lamports,
    };
    // Wallet mode: the chain is asked while the database is read (neither waits for the other);
    // its answer counts only after the checks below, so their refusals come first.
    const onChain = deps.escrowVerifier ? null : outcomeOf(requireTransfer(deps.chain, transfer));
    let recorded: PurchaseResult | { refundDue: string };
    try {
      recorded = await record(who, cmd, lamports, onChain);
    } catch (error) {
      // A payment posted again (a client retrying) answers its order whatever else changed
      // since (the product, the chain's reach): its signature was claimed when it was recorded.
      // A new payment, the common case, claims it in the sale itself, so only a refusal looks.
      const previous = await replay(cmd.signature, who.userId, cmd.productId);
      if (previous) return { order: previous, created: false };
      throw error;
    }
    // Recorded as refund-due by this very post: its own answer, not a repeat's.
    if ('refundDue' in recorded) throw flaggedForRefund(recorded.refundDue);
    return recorded;
  };

  /**
   * Wallet mode, the product is gone: a transfer of the price from the buyer to escrow is kept
   * in the ledger as refund-due; anything else (not on chain, another amount) is no payment at
   * all: null, and the caller answers that the product is not found.
   */
  async function unboughtTransfer(
    who: Caller,
    signature: string,
    lamports: bigint,
    onChain: Promise<{ error: unknown } | null>,
  ): Promise<string | null> {
    const failed = await onChain;
    if (failed) {
      if (failed.error instanceof DomainError && failed.error.code === 'payment_invalid') {
        return null;
      }
      throw failed.error;
    }
    return keptForProductGone(store, who, signature, lamports, null);
  }

  async function record(
    who: Caller,
    cmd: PurchaseCommand,
    lamports: bigint,
    onChain: Promise<{ error: unknown } | null> | null,
  ): Promise<PurchaseResult | { refundDue: string }> {
    const product = await store.products.findById(cmd.productId);
    if (!product) {
      // Money sent to a product deleted meanwhile is kept as refund-due, if it was a payment.
      const refundDue = deps.escrowVerifier
        ? await recordUnbought(
            { ...deps, escrowVerifier: deps.escrowVerifier },
            {
              buyer: who,
              sellerId: cmd.sellerId,
              productId: cmd.productId,
              signature: cmd.signature,
              lamports,
            },
          )
        : await unboughtTransfer(who, cmd.signature, lamports, onChain!);
      if (refundDue) return { refundDue };
      throw notFound('Product not found');
    }
    if (cmd.sellerId !== product.sellerId)
      throw validation('sellerId is not this product’s seller');
    if (product.sellerId === who.userId) throw forbidden('You cannot buy your own product');
    const problems = contactErrors(cmd.contact, product);
    if (problems.length) throw validation(problems[0]!.message, { fields: problems });
    // Orders are born paid: the payment is what creates them (pending -> escrow_held).
    const now = deps.clock.now();
    const status = transition(UNPAID, 'pay', 'buyer', now);
    const dates = paidDeadlines(now, product.handlingDays, deps.policy);

    const verifier = deps.escrowVerifier;
    const verify = verifier
      ? // Multisig mode: the payment went into its own escrow account (buyer, seller, arbiter).
        async () => {
          const seller = await store.users.findById(product.sellerId);
          if (!seller) throw notFound('The seller no longer exists');
          return requireEscrowPayment(verifier, {
            signature: cmd.signature,
            buyer: who.walletAddress,
            seller: seller.walletAddress,
            arbiter: deps.escrowWallet,
            lamports,
          });
        }
      : async () => {
          rethrow(await onChain!);
          return null;
        };
    // A signature claimed already (the same payment posted again, or twice at once) makes the
    // sale conflict; the caller then answers the order it recorded.
    const escrowAccount = await verify();
    const outcome = await recordPurchase(store, {
      cmd,
      product,
      buyer: who,
      lamports,
      status,
      dates,
      escrowAccount: escrowAccount ?? null,
    }).catch(async (error: unknown) => {
      // The product was deleted while the payment was checked: the verified payment stays.
      if (await store.products.findById(product.id)) throw error;
      const refundDue = await keptForProductGone(
        store,
        who,
        cmd.signature,
        lamports,
        escrowAccount ?? null,
      );
      return { refundDue } as const;
    });

    if (outcome.refundDue !== undefined) {
      deps.logger.warn(
        { signature: cmd.signature, productId: product.id },
        'verified payment flagged for refund',
      );
      return { refundDue: outcome.refundDue };
    }
    deps.logger.info({ orderId: outcome.order.id, productId: product.id }, 'order recorded');
    return { order: outcome.order, created: true };
  }
}
