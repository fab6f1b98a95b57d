import type { OrderWithProduct, Payment } from '@src/domain/entities';
import { formatSol, solToLamports } from '@src/domain/money';
import { refundOrder, releaseFunds } from '@web/api/admin-escrow';
import { refundPayment, reservePaymentRefund } from '@web/api/admin-payments';
import { reservePayout } from '@web/api/reserve-payout';
import { getUser } from '@web/api/get-user';
import { shortAddress } from '@web/lib/format-address';
import type { PayoutJob } from './use-payouts';

const walletOf = async (userId: number) => (await getUser(userId)).walletAddress || null;

/**
 * Reserves the order's payout (one under way at a time: another admin, the settlement runner)
 * and checks the server planned what the admin confirmed: one part, to `to`, exactly `lamports`.
 */
const reserveOrder =
  (order: OrderWithProduct, action: 'release' | 'refund', admin: string) =>
  async (lastValidBlockHeight: number, to: string) => {
    const { attempt, parts } = await reservePayout(
      order.id,
      { action, lastValidBlockHeight },
      admin,
    );
    const [part, ...more] = parts;
    if (
      !part ||
      more.length > 0 ||
      part.wallet !== to ||
      part.lamports !== solToLamports(order.price)
    ) {
      throw new Error(
        `The server planned a different payout for order #${order.id}; reload and check it again`,
      );
    }
    return attempt.reference;
  };

/** Escrow -> seller for the order's exact price, then POST release-funds. */
export const releaseJob = (order: OrderWithProduct, admin: string): PayoutJob => ({
  key: `release:${order.id}`,
  recipient: () => walletOf(order.sellerId),
  lamports: solToLamports(order.price),
  reserve: reserveOrder(order, 'release', admin),
  record: (signature) => releaseFunds(order.id, signature, admin),
  success: {
    title: 'Funds Released',
    description: `Successfully released the ${order.price} SOL to seller.`,
  },
  failure: { title: 'Release Failed', fallback: 'Failed to release funds' },
});

/** Escrow -> buyer for the order's exact price, then POST refund (the order is cancelled). */
export const refundJob = (order: OrderWithProduct, admin: string): PayoutJob => ({
  key: `refund:${order.id}`,
  recipient: () => walletOf(order.buyerId),
  lamports: solToLamports(order.price),
  reserve: reserveOrder(order, 'refund', admin),
  record: (signature) => refundOrder(order.id, signature, admin),
  success: {
    title: 'Buyer Refunded',
    description: `Successfully refunded the ${order.price} SOL to the buyer.`,
  },
  failure: { title: 'Refund Failed', fallback: 'Failed to refund buyer' },
});

/** Escrow -> payer for exactly the lamports paid (a payment that bought nothing). */
export const paymentRefundJob = (payment: Payment, admin: string): PayoutJob => ({
  key: `payment:${payment.signature}`,
  recipient: async () => payment.payerWallet,
  lamports: payment.lamports,
  reserve: async (lastValidBlockHeight) =>
    (await reservePaymentRefund(payment.signature, lastValidBlockHeight, admin)).reference,
  record: (signature) => refundPayment(payment.signature, signature, admin),
  success: {
    title: 'Payment Refunded',
    description: `Successfully refunded ${formatSol(payment.lamports)} SOL to ${shortAddress(payment.payerWallet)}.`,
  },
  failure: { title: 'Refund Failed', fallback: 'Failed to refund payment' },
});
