import { contactErrors } from '../domain/contact';
import { conflict, DomainError, forbidden, notFound, validation } from '../domain/errors';
import type { Order } from '../domain/entities';
import { formatSol, normalizePrice, solToLamports } from '../domain/money';
import { requireSelf, type Caller, type Deps } from './context';

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

export function parseSignature(value: unknown, field: string): string {
  if (typeof value !== 'string' || !SIGNATURE.test(value)) {
    throw validation(`${field} must be a base58 transaction signature`);
  }
  return value;
}

const optionalText = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw validation(`${field} must be text`);
  return value.trim() || null;
};

export interface PurchaseResult {
  order: Order;
  created: boolean;
}

/**
 * Records an order for a payment the chain confirms: buyer -> escrow, exactly the price. In one
 * database transaction the signature is claimed, a unit of stock is taken and the order stored;
 * a verified payment that can no longer buy anything is kept in the ledger as refund-due.
 */
export function makePurchase(deps: Deps) {
  const { store } = deps;

  async function replay(signature: string, buyerId: number, productId: number) {
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
    return null;
  }

  return async function purchase(
    caller: Caller | null,
    body: Record<string, unknown>,
  ): Promise<PurchaseResult> {
    if (typeof body.buyerId !== 'number') throw validation('buyerId is required');
    const who = requireSelf(caller, body.buyerId);
    if (typeof body.productId !== 'number' || !Number.isInteger(body.productId)) {
      throw validation('productId is required');
    }
    if (body.status !== undefined && body.status !== 'escrow_held') {
      throw validation('status must be escrow_held');
    }
    const signature = parseSignature(body.escrowTransactionHash, 'escrowTransactionHash');
    const price = normalizePrice(body.price);
    const contact = {
      buyerEmail: optionalText(body.buyerEmail, 'buyerEmail'),
      buyerAddress: optionalText(body.buyerAddress, 'buyerAddress'),
      buyerName: optionalText(body.buyerName, 'buyerName'),
    };

    const previous = await replay(signature, who.userId, body.productId);
    if (previous) return { order: previous, created: false };

    const product = await store.products.findById(body.productId);
    if (!product) throw notFound('Product not found');
    if (body.sellerId !== product.sellerId)
      throw validation('sellerId is not this product’s seller');
    if (product.sellerId === who.userId) throw forbidden('You cannot buy your own product');
    const problems = contactErrors(contact, product);
    if (problems.length) throw validation(problems[0]!.message, { fields: problems });

    const lamports = solToLamports(price);
    const check = await deps.chain.verifyTransfer({
      signature,
      from: who.walletAddress,
      to: deps.escrowWallet,
      lamports,
    });
    if (!check.ok)
      throw new DomainError('payment_invalid', check.message, { reason: check.reason });

    const record = () =>
      store.transaction(async (tx) => {
        await tx.signatures.claim(signature, 'payment', null);
        const refundDue = async (reason: string) => {
          await tx.payments.record({
            signature,
            payerWallet: who.walletAddress,
            lamports,
            productId: product.id,
            orderId: null,
            status: 'refund_due',
            reason,
          });
          return { refundDue: reason } as const;
        };
        if (price !== product.price) {
          return refundDue(
            `the price is now ${product.price} SOL, you paid ${formatSol(lamports)} SOL`,
          );
        }
        if (!(await tx.products.takeUnit(product.id)))
          return refundDue('the product is no longer available');
        const order = await tx.orders.create({
          productId: product.id,
          buyerId: who.userId,
          sellerId: product.sellerId,
          price,
          status: 'escrow_held',
          escrowTransactionHash: signature,
          ...contact,
        });
        await tx.payments.record({
          signature,
          payerWallet: who.walletAddress,
          lamports,
          productId: product.id,
          orderId: order.id,
          status: 'matched',
          reason: null,
        });
        return { order } as const;
      });

    let outcome: Awaited<ReturnType<typeof record>>;
    try {
      outcome = await record();
    } catch (error) {
      // Two posts of the same payment at once: the loser answers the winner's order.
      const winner = await replay(signature, who.userId, product.id).catch(() => null);
      if (winner) return { order: winner, created: false };
      throw error;
    }

    if ('refundDue' in outcome) {
      deps.logger.warn({ signature, productId: product.id }, 'verified payment flagged for refund');
      throw conflict(
        `Your payment was received but could not buy this product: ${outcome.refundDue}. ` +
          'It is flagged for a refund to your wallet.',
      );
    }
    deps.logger.info({ orderId: outcome.order.id, productId: product.id }, 'order recorded');
    return { order: outcome.order, created: true };
  };
}
