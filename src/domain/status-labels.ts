import type { PaymentStatus } from './entities';
import type { OrderStatus } from './order';
import type { ProductStatus } from './product';

/** A badge's colour, by meaning: green done or for sale, yellow waiting, red stopped. */
export type Tone = 'green' | 'blue' | 'yellow' | 'red' | 'grey';
export interface Badge {
  label: string;
  tone: Tone;
}

/** Who looks at an order: the same order reads differently to each side. */
export type OrderViewer = 'buyer' | 'seller' | 'admin';
/** Where a product's status shows: the marketplace, the seller's list, the admin's list. */
export type ProductViewer = 'public' | 'seller' | 'admin';

const upper = (status: string) => status.replace(/_/g, ' ').toUpperCase();

/*
 * Every status label and colour the screens show, in one table (spec sections 2 and 4):
 * buyer badges: completed green, pending yellow, cancelled red, others grey; the seller's sales
 * say AWAITING SHIPMENT and TRACKING UPLOADED; the admin's review queue uses title case.
 */
const ORDER_BADGES: Record<OrderStatus, Record<OrderViewer, Badge>> = {
  pending: {
    buyer: { label: 'PENDING', tone: 'yellow' },
    seller: { label: 'PENDING', tone: 'grey' },
    admin: { label: 'Pending', tone: 'yellow' },
  },
  escrow_held: {
    buyer: { label: upper('escrow_held'), tone: 'grey' },
    seller: { label: 'AWAITING SHIPMENT', tone: 'yellow' },
    admin: { label: 'Awaiting Shipment', tone: 'yellow' },
  },
  tracking_uploaded: {
    buyer: { label: upper('tracking_uploaded'), tone: 'grey' },
    seller: { label: 'TRACKING UPLOADED', tone: 'blue' },
    admin: { label: 'Tracking Uploaded', tone: 'blue' },
  },
  completed: {
    buyer: { label: 'COMPLETED', tone: 'green' },
    seller: { label: 'COMPLETED', tone: 'green' },
    admin: { label: 'Completed', tone: 'green' },
  },
  cancelled: {
    buyer: { label: 'CANCELLED', tone: 'red' },
    seller: { label: 'CANCELLED', tone: 'red' },
    admin: { label: 'Cancelled', tone: 'red' },
  },
  release_due: {
    buyer: { label: 'RECEIVED', tone: 'blue' },
    seller: { label: 'PAYMENT DUE', tone: 'blue' },
    admin: { label: 'Release Due', tone: 'blue' },
  },
  refund_due: {
    buyer: { label: 'REFUND DUE', tone: 'yellow' },
    seller: { label: 'CANCELLED', tone: 'red' },
    admin: { label: 'Refund Due', tone: 'yellow' },
  },
  disputed: {
    buyer: { label: 'DISPUTED', tone: 'red' },
    seller: { label: 'DISPUTED', tone: 'red' },
    admin: { label: 'Disputed', tone: 'red' },
  },
};

/** Spec: active green, sold blue, inactive grey, deleted red ("Admin Removed" to its seller). */
const PRODUCT_BADGES: Record<ProductStatus, Record<ProductViewer, Badge>> = {
  active: {
    public: { label: 'ACTIVE', tone: 'green' },
    seller: { label: 'ACTIVE', tone: 'green' },
    admin: { label: 'ACTIVE', tone: 'green' },
  },
  sold: {
    public: { label: 'SOLD OUT', tone: 'blue' },
    seller: { label: 'SOLD OUT', tone: 'blue' },
    admin: { label: 'SOLD', tone: 'blue' },
  },
  inactive: {
    public: { label: 'INACTIVE', tone: 'grey' },
    seller: { label: 'INACTIVE', tone: 'grey' },
    admin: { label: 'INACTIVE', tone: 'grey' },
  },
  deleted: {
    public: { label: 'DELETED', tone: 'red' },
    seller: { label: 'Admin Removed', tone: 'red' },
    admin: { label: 'DELETED', tone: 'red' },
  },
  removed: {
    public: { label: 'REMOVED', tone: 'red' },
    seller: { label: 'REMOVED', tone: 'red' },
    admin: { label: 'REMOVED', tone: 'red' },
  },
};

export const orderBadge = (status: OrderStatus, viewer: OrderViewer): Badge =>
  ORDER_BADGES[status]?.[viewer] ?? { label: upper(status), tone: 'grey' };

export const productBadge = (status: ProductStatus, viewer: ProductViewer): Badge =>
  PRODUCT_BADGES[status]?.[viewer] ?? { label: upper(status), tone: 'grey' };

/** A ledger entry's status, for the admin (a payment due a refund stands out in red). */
const PAYMENT_BADGES: Record<PaymentStatus, Badge> = {
  matched: { label: 'MATCHED', tone: 'green' },
  refund_due: { label: 'REFUND DUE', tone: 'red' },
  refunded: { label: 'REFUNDED', tone: 'grey' },
};

export const paymentBadge = (status: PaymentStatus): Badge =>
  PAYMENT_BADGES[status] ?? { label: upper(status), tone: 'grey' };
