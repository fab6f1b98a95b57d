import type { OrderStatus } from './order';
import type { Category, Condition, ProductStatus } from './product';

/** Entities as they travel on the wire: camelCase, prices as decimal strings, times as ISO text. */
export interface User {
  id: number;
  walletAddress: string;
  username: string;
  createdAt: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  price: string;
  category: Category;
  condition: Condition;
  sellerId: number;
  status: ProductStatus;
  location: string | null;
  /** JSON array text of image URLs (`/uploads/...`), or null. */
  imageUrl: string | null;
  requiresAddress: boolean;
  requiresEmail: boolean;
  requiresName: boolean;
  quantity: number;
  soldQuantity: number;
  createdAt: string;
}

/** What a dashboard needs to show an order's product without a second call. */
export interface ProductSummary {
  id: number;
  name: string;
  image: string | null;
  status: ProductStatus;
}

export interface Order {
  id: number;
  productId: number;
  buyerId: number;
  sellerId: number;
  price: string;
  status: OrderStatus;
  transactionHash: string | null;
  escrowTransactionHash: string | null;
  releaseTransactionHash: string | null;
  refundTransactionHash: string | null;
  trackingNumber: string | null;
  proofOfDelivery: string | null;
  deliveryImages: string | null;
  /** JSON array text of stored file names. */
  uploadedFiles: string | null;
  buyerAddress: string | null;
  buyerEmail: string | null;
  buyerName: string | null;
  createdAt: string;
  trackingUploadedAt: string | null;
  fundsReleasedAt: string | null;
  refundedAt: string | null;
}

export interface OrderWithProduct extends Order {
  product: ProductSummary | null;
}

export const PAYMENT_STATUSES = ['matched', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A verified incoming escrow payment (the ledger). */
export interface Payment {
  id: number;
  signature: string;
  payerWallet: string;
  lamports: bigint;
  productId: number | null;
  orderId: number | null;
  status: PaymentStatus;
  reason: string | null;
  refundSignature: string | null;
  createdAt: string;
}

/** A ledger entry on the wire: lamports as a decimal string (JSON has no bigint). */
export type PaymentJson = Omit<Payment, 'lamports'> & { lamports: string };

/** The reconciliation of the escrow wallet on chain with orders and the ledger (lamports as text). */
export interface ReconcileReport {
  /** Incoming escrow transfers that bought nothing and were not refunded. */
  unmatchedPayments: {
    signature: string;
    from: string;
    lamports: string;
    ledger: string | null;
    /**
     * The marketplace user whose wallet sent it: a buyer's payment that bought nothing (refund
     * due); null for a wallet no one signed in with, such as a fee top-up or a faucet.
     */
    senderUserId: number | null;
  }[];
  /** Orders whose payment the chain does not show. */
  missingPayments: { orderId: number; signature: string | null; status: string }[];
  escrowBalance: string;
  /** What orders in escrow and refund-due payments say the wallet must hold. */
  mustHold: string;
  /** escrowBalance − mustHold: negative means the escrow is short. */
  difference: string;
}
