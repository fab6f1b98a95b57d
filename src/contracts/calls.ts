import * as auth from './auth';
import * as meta from './meta';
import * as orders from './orders';
import * as payments from './payments';
import * as payouts from './payouts';
import * as products from './products';
import * as reviews from './reviews';
import * as users from './users';

/**
 * Every HTTP call of the API, the spec's calls table (`spec: true`, SPEC.md section 7) and ours
 * beyond it. The server mounts each one; a test checks that none is missing.
 */
export const CALLS = {
  getUserByWallet: users.getUserByWallet,
  createUser: users.createUser,
  getAdminCheck: users.getAdminCheck,
  listProducts: products.listProducts,
  getProduct: products.getProduct,
  createProduct: products.createProduct,
  updateProduct: products.updateProduct,
  deleteProduct: products.deleteProduct,
  getUser: users.getUser,
  getEscrowWallet: users.getEscrowWallet,
  buyerOrders: orders.buyerOrders,
  sellerOrders: orders.sellerOrders,
  createOrder: orders.createOrder,
  uploadTracking: orders.uploadTracking,
  adminOrders: orders.adminOrders,
  adminListProducts: products.adminListProducts,
  adminDeleteProduct: products.adminDeleteProduct,
  releaseFunds: orders.releaseFunds,

  challenge: auth.challenge,
  verify: auth.verify,
  session: auth.session,
  logout: auth.logout,
  config: meta.config,
  health: meta.health,
  devWallets: meta.devWallets,
  adminOrder: orders.adminOrder,
  refundOrder: orders.refundOrder,
  listPayments: payments.listPayments,
  refundPayment: payments.refundPayment,
  reconcile: payments.reconcile,
  myPayments: payments.myPayments,
  escrowRefund: payments.escrowRefund,
  claimEscrowRefund: payments.claimEscrowRefund,
  confirmReceipt: orders.confirmReceipt,
  cancelOrder: orders.cancelOrder,
  escrowOutcome: orders.escrowOutcome,
  claimEscrowOutcome: orders.claimEscrowOutcome,
  openDispute: orders.openDispute,
  orderThread: orders.orderThread,
  postMessage: orders.postMessage,
  payoutsDue: payouts.payoutsDue,
  reservePayout: payouts.reservePayout,
  recordPayout: payouts.recordPayout,
  recoverPayout: payouts.recoverPayout,
  reviewOrder: reviews.reviewOrder,
  replyToReview: reviews.replyToReview,
  orderReview: reviews.orderReview,
  sellerProfile: reviews.sellerProfile,
  sellerReviews: reviews.sellerReviews,
  reputations: reviews.reputations,
  notifications: reviews.notifications,
  readNotifications: reviews.readNotifications,
} as const;
