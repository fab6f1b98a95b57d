import { challenge } from './auth/challenge';
import { eventsSince, mayHear } from './notifications/events-since';
import { listNotifications, markNotificationsRead } from './notifications/list-notifications';
import { replyToReview, reviewOrder } from './reviews/review-order';
import { reputations, sellerProfile, sellerReviews } from './reviews/seller-profile';
import { callerOf, signOut } from './auth/session';
import { verify } from './auth/verify';
import type { Deps } from './context';
import { health } from './meta/health';
import { adminOrder } from './orders/admin-order';
import { canReadProof } from './orders/can-read-proof';
import { admitFiles } from './orders/admit-files';
import { adminOrders, buyerOrders, sellerOrders } from './orders/list-orders';
import { purchase } from './orders/purchase';
import { uploadTracking } from './orders/upload-tracking';
import { listPayments } from './payouts/list-payments';
import { reconcile } from './payouts/reconcile';
import { adminPayout } from './payouts/admin-payout';
import { payoutsDue } from './payouts/payouts-due';
import { recoverPayout } from './payouts/recover-payout';
import { refundPayment, reservePaymentRefund } from './payouts/refund-payment';
import { claimEscrowRefund, escrowRefund, myUnboughtPayments } from './payouts/escrow-refund';
import { reservePayout } from './payouts/reserve-payout';
import { settleDue } from './payouts/settle-due';
import { cancelOrder } from './orders/cancel-order';
import { confirmReceipt } from './orders/confirm-receipt';
import { claimEscrowOutcome, escrowOutcome } from './orders/escrow-outcome';
import { openDispute } from './orders/open-dispute';
import { orderThread } from './orders/order-thread';
import { postMessage } from './orders/post-message';
import { adminDeleteProduct } from './products/admin-delete-product';
import { createListing } from './products/create-listing';
import { deleteListing } from './products/delete-listing';
import { getProduct } from './products/get-product';
import { adminListProducts, listMarketplace, listSellerProducts } from './products/list-products';
import { updateListing } from './products/update-listing';
import { admitEdit } from './products/owned-product';
import { createUser } from './users/create-user';
import { getUser } from './users/get-user';
import { getUserByWallet } from './users/get-user-by-wallet';

/**
 * Every use case, each given only the ports it needs. What callers see is verbs, never the
 * dependencies: routes and jobs reach the store only through a use case.
 */
export function makeUseCases(deps: Deps) {
  const isAdmin = (wallet: string) => deps.adminWallets.has(wallet);
  const auth = { ...deps, isAdmin };
  return {
    auth: {
      isAdmin,
      challenge: challenge(deps),
      verify: verify(auth),
      caller: callerOf(auth),
      signOut: signOut(deps),
    },
    users: {
      byWallet: getUserByWallet(deps),
      byId: getUser(deps),
      create: createUser(deps),
    },
    products: {
      marketplace: listMarketplace(deps),
      bySeller: listSellerProducts(deps),
      get: getProduct(deps),
      create: createListing(deps),
      update: updateListing(deps),
      admitEdit: admitEdit(deps),
      remove: deleteListing(deps),
      adminList: adminListProducts(deps),
      adminDelete: adminDeleteProduct(deps),
    },
    orders: {
      purchase: purchase(deps),
      byBuyer: buyerOrders(deps),
      bySeller: sellerOrders(deps),
      uploadTracking: uploadTracking(deps),
      canReadProof: canReadProof(deps),
      admitFiles: admitFiles(deps),
      adminList: adminOrders(deps),
      adminGet: adminOrder(deps),
      confirmReceipt: confirmReceipt(deps),
      cancel: cancelOrder(deps),
      escrowOutcome: escrowOutcome(deps),
      claimEscrowOutcome: claimEscrowOutcome(deps),
      dispute: openDispute(deps),
      thread: orderThread(deps),
      postMessage: postMessage(deps),
    },
    payouts: {
      release: adminPayout(deps, 'release'),
      refund: adminPayout(deps, 'refund'),
      record: adminPayout(deps),
      reserve: reservePayout(deps),
      recover: recoverPayout(deps),
      due: payoutsDue(deps),
      payments: listPayments(deps),
      refundPayment: refundPayment(deps),
      reservePaymentRefund: reservePaymentRefund(deps),
      myPayments: myUnboughtPayments(deps),
      escrowRefund: escrowRefund(deps),
      claimEscrowRefund: claimEscrowRefund(deps),
      reconcile: reconcile(deps),
      /**
       * The settlement runner's round; only where the server holds the escrow key, and never in
       * multisig mode, where that key alone moves no buyer's money (and must not pay from its own).
       */
      settle: deps.payer && !deps.escrowVerifier ? settleDue({ ...deps, payer: deps.payer }) : null,
    },
    reviews: {
      review: reviewOrder(deps),
      reply: replyToReview(deps),
      ofOrder: (orderId: number) => deps.store.reviews.findByOrder(orderId),
      seller: sellerProfile(deps),
      sellerReviews: sellerReviews(deps),
      reputations: reputations(deps),
    },
    notifications: {
      list: listNotifications(deps),
      markRead: markNotificationsRead(deps),
    },
    events: {
      since: eventsSince(deps),
      mayHear,
      /** The raw log, for the process's event hub (it filters per listener with `mayHear`). */
      log: (afterId: bigint, limit: number) => deps.store.events.since(afterId, limit),
      latestId: () => deps.store.events.latestId(),
      prune: (before: Date) => deps.store.events.prune(before),
    },
    meta: {
      escrowWallet: () => deps.escrowWallet,
      health: health(deps),
    },
  };
}

export type UseCases = ReturnType<typeof makeUseCases>;
