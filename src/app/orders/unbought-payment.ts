import { conflict, DomainError } from '../../domain/errors';
import type { Caller } from '../context';
import type { EscrowVerifier, NewPayment, Store } from '../ports';
import { requireEscrowPayment } from '../payouts/verified-transfer';

/** Why a payment for a product deleted before its order was recorded bought nothing. */
const GONE = 'the product no longer exists';

/** What a buyer hears when the money landed but bought nothing. */
export const flaggedForRefund = (reason: string) =>
  conflict(
    `Your payment was received but could not buy this product: ${reason}. ` +
      'It is flagged for a refund to your wallet.',
  );

/**
 * A verified payment that buys nothing: its signature claimed (it settles nothing else, ever)
 * and the payment kept in the ledger as refund-due, in one transaction.
 */
export async function recordRefundDue(
  store: Store,
  payment: Pick<
    NewPayment,
    'signature' | 'payerWallet' | 'lamports' | 'productId' | 'reason' | 'escrowAccount'
  >,
): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.signatures.claim(payment.signature, 'payment', null);
    await tx.payments.record({ ...payment, orderId: null, status: 'refund_due' });
  });
}

/**
 * Multisig mode, the product is gone (deleted between signing and posting): a sound payment
 * into an escrow of buyer, seller (the one the order names) and arbiter is kept in the ledger as
 * refund-due with its escrow account, for the buyer to claim back: returns why it bought nothing.
 * Anything else (not on chain, another escrow) is no payment at all: null, and the caller answers
 * that the product is not found.
 */
export async function recordUnbought(
  deps: { store: Store; escrowVerifier: EscrowVerifier; escrowWallet: string },
  p: { buyer: Caller; sellerId: number; productId: number; signature: string; lamports: bigint },
): Promise<string | null> {
  const seller = await deps.store.users.findById(p.sellerId);
  if (!seller) return null;
  let escrowAccount: string;
  try {
    escrowAccount = await requireEscrowPayment(deps.escrowVerifier, {
      signature: p.signature,
      buyer: p.buyer.walletAddress,
      seller: seller.walletAddress,
      arbiter: deps.escrowWallet,
      lamports: p.lamports,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payment_invalid') return null;
    throw error;
  }
  return keptForProductGone(deps.store, p.buyer, p.signature, p.lamports, escrowAccount);
}

/** A verified payment whose product is gone, kept in the ledger as refund-due: why. */
export async function keptForProductGone(
  store: Store,
  buyer: Caller,
  signature: string,
  lamports: bigint,
  escrowAccount: string | null,
): Promise<typeof GONE> {
  await recordRefundDue(store, {
    signature,
    payerWallet: buyer.walletAddress,
    lamports,
    productId: null,
    reason: GONE,
    escrowAccount,
  });
  return GONE;
}
