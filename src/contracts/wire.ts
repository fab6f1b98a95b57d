import { z } from 'zod';
import { DISPUTE_REASONS } from '../domain/dispute';
import {
  DISPUTE_PARTIES,
  EVENT_TOPICS,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
} from '../domain/entities';
import { ORDER_STATUSES } from '../domain/order';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '../domain/product';
import { isoTime, lamportsText } from './fields';
import { fileList, imageFieldOf, productImages } from './image-field';

/*
 * The entities as they travel (spec section 3: camelCase, prices as decimal strings, the image
 * and file lists as JSON text) and the codecs that turn them into the domain's entities and back.
 * The server encodes what it answers; the web app and the CLI decode what they receive.
 */

export const userWire = z.object({
  id: z.number().int(),
  walletAddress: z.string(),
  username: z.string(),
  createdAt: isoTime,
});

const productFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  sellerId: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  location: z.string().nullable(),
  requiresAddress: z.boolean(),
  requiresEmail: z.boolean(),
  requiresName: z.boolean(),
  quantity: z.number().int(),
  soldQuantity: z.number().int(),
  handlingDays: z.number().int(),
  createdAt: isoTime,
};
const productWireShape = z.object({ ...productFields, imageUrl: z.string().nullable() });
const productShape = z.object({ ...productFields, images: z.array(z.string()) });

export const productWire = z.codec(productWireShape, productShape, {
  decode: ({ imageUrl, ...rest }) => ({ ...rest, images: z.decode(productImages, imageUrl) }),
  encode: ({ images, ...rest }) => ({ ...rest, imageUrl: z.encode(productImages, images) }),
});

/**
 * productWire's encode without the codec's checks, for pages of products read often: the same
 * object, key for key in the same order (test/contracts/product-encoder.test.ts pins them equal).
 */
export function productToWire(p: z.output<typeof productShape>): z.input<typeof productWireShape> {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    condition: p.condition,
    sellerId: p.sellerId,
    status: p.status,
    location: p.location,
    requiresAddress: p.requiresAddress,
    requiresEmail: p.requiresEmail,
    requiresName: p.requiresName,
    quantity: p.quantity,
    soldQuantity: p.soldQuantity,
    handlingDays: p.handlingDays,
    createdAt: p.createdAt,
    imageUrl: imageFieldOf(p.images),
  };
}

/** A list of products as productWire encodes it (see productToWire). */
export const productsToWire = (products: readonly z.output<typeof productShape>[]) =>
  products.map(productToWire);

const summary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    status: z.enum(PRODUCT_STATUSES),
  })
  .nullable();

const orderFields = {
  id: z.number().int(),
  productId: z.number().int(),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  price: z.string(),
  status: z.enum(ORDER_STATUSES),
  transactionHash: z.string().nullable(),
  escrowTransactionHash: z.string().nullable(),
  releaseTransactionHash: z.string().nullable(),
  refundTransactionHash: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  proofOfDelivery: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  buyerName: z.string().nullable(),
  createdAt: isoTime,
  trackingUploadedAt: isoTime.nullable(),
  fundsReleasedAt: isoTime.nullable(),
  refundedAt: isoTime.nullable(),
  handlingDays: z.number().int().nullable(),
  shipBy: isoTime.nullable(),
  autoRefundAt: isoTime.nullable(),
  inspectionEndsAt: isoTime.nullable(),
  receivedAt: isoTime.nullable(),
  dueSince: isoTime.nullable(),
  dueReason: z.string().nullable(),
};
const orderWireShape = z.object({
  ...orderFields,
  deliveryImages: z.string().nullable(),
  uploadedFiles: z.string().nullable(),
});
const orderShape = z.object({
  ...orderFields,
  deliveryImages: z.array(z.string()),
  uploadedFiles: z.array(z.string()).nullable(),
});

const decodeOrder = ({
  deliveryImages,
  uploadedFiles,
  ...rest
}: z.output<typeof orderWireShape>) => ({
  ...rest,
  deliveryImages: z.decode(fileList, deliveryImages) ?? [],
  uploadedFiles: z.decode(fileList, uploadedFiles),
});
const encodeOrder = ({ deliveryImages, uploadedFiles, ...rest }: z.input<typeof orderShape>) => ({
  ...rest,
  deliveryImages: z.encode(fileList, deliveryImages),
  uploadedFiles: z.encode(fileList, uploadedFiles),
});

export const orderWire = z.codec(orderWireShape, orderShape, {
  decode: decodeOrder,
  encode: encodeOrder,
});

/**
 * An order with what a dashboard shows of its product (null when the product is gone). In the
 * order lists it also carries `decided` and `refundedLamports` (lamports text, null when nothing
 * went back to the buyer): see OrderWithProduct.
 */
const decided = z.enum(['release', 'refund']).nullable().optional();
export const orderWithProductWire = z.codec(
  orderWireShape.extend({
    product: summary,
    decided,
    refundedLamports: lamportsText.nullable().optional(),
  }),
  orderShape.extend({
    product: summary,
    decided,
    refundedLamports: z.bigint().nullable().optional(),
  }),
  {
    decode: ({ product, ...order }) => ({ ...decodeOrder(order), product }),
    encode: ({ product, ...order }) => ({ ...encodeOrder(order), product }),
  },
);

export const paymentWire = z.object({
  id: z.number().int(),
  signature: z.string(),
  payerWallet: z.string(),
  lamports: lamportsText,
  productId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  refundSignature: z.string().nullable(),
  /**
   * Multisig mode: the escrow account it waits in (the buyer claims it back); else null. A
   * server from before it was kept leaves it out: null.
   */
  escrowAccount: z.string().nullable().default(null),
  createdAt: isoTime,
  /** When its refund was recorded; null before (and from a server that does not keep it). */
  refundedAt: isoTime.nullable().default(null),
});

export const reconcileReportWire = z.object({
  unmatchedPayments: z.array(
    z.object({
      signature: z.string(),
      from: z.string(),
      lamports: lamportsText,
      ledger: z.enum(PAYMENT_STATUSES).nullable(),
      senderUserId: z.number().int().nullable(),
    }),
  ),
  /** Wallet mode only: transfers out of the escrow wallet the ledger never recorded. */
  unrecordedPayouts: z
    .array(
      z.object({
        signature: z.string(),
        to: z.string(),
        lamports: lamportsText,
        recipientUserId: z.number().int().nullable(),
      }),
    )
    .optional(),
  missingPayments: z.array(
    z.object({
      orderId: z.number().int(),
      signature: z.string().nullable(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
  /** Multisig mode only: each order's own escrow account, what it holds and must hold. */
  escrowAccounts: z
    .array(
      z.object({
        orderId: z.number().int(),
        account: z.string().nullable(),
        lamports: lamportsText.nullable(),
        price: lamportsText,
      }),
    )
    .optional(),
  /** Multisig mode only: each payment due a refund in its own escrow account. */
  refundDueAccounts: z
    .array(
      z.object({
        signature: z.string(),
        account: z.string(),
        lamports: lamportsText.nullable(),
        due: lamportsText,
      }),
    )
    .optional(),
  escrowBalance: lamportsText,
  mustHold: lamportsText,
  difference: lamportsText,
});

export const success = z.object({ success: z.literal(true) });

export const disputeWire = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  openedBy: z.enum(DISPUTE_PARTIES),
  reason: z.enum(DISPUTE_REASONS),
  openedAt: isoTime,
  resolution: z.enum(['release', 'refund', 'split']).nullable(),
  sellerLamports: lamportsText.nullable(),
  buyerLamports: lamportsText.nullable(),
  resolvedAt: isoTime.nullable(),
});

/** The listing as the order bought it (kept by the sale; edits of the listing do not change it). */
export const listingAsSoldWire = z.object({
  name: z.string(),
  description: z.string(),
  condition: z.enum(CONDITIONS),
  images: z.array(z.string()),
});

export const messageWire = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  authorId: z.number().int(),
  role: z.enum(['buyer', 'seller', 'admin']),
  body: z.string(),
  files: z.array(z.string()),
  /** The names the files were uploaded under, one per file (stored names for older messages). */
  fileNames: z.array(z.string()),
  createdAt: isoTime,
});

export const payoutAttemptWire = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  action: z.enum(['release', 'refund', 'split']),
  sellerLamports: lamportsText,
  buyerLamports: lamportsText,
  reference: z.string(),
  lastValidBlockHeight: lamportsText,
  signature: z.string().nullable(),
  status: z.enum(['open', 'done', 'abandoned']),
  madeBy: z.enum(['settlement', 'admin']),
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
});

export const reviewWire = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  sellerId: z.number().int(),
  buyerId: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: isoTime,
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
});

export const reputationWire = z.object({
  sellerId: z.number().int(),
  averageRating: z.number().nullable(),
  reviews: z.number().int(),
  completedSales: z.number().int(),
  volume: z.string(),
  paidOrders: z.number().int(),
  disputes: z.number().int(),
  disputesLost: z.number().int(),
  firstSaleAt: isoTime.nullable(),
});

export const notificationWire = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  orderId: z.number().int().nullable(),
  text: z.string(),
  createdAt: isoTime,
  readAt: isoTime.nullable(),
  /** The reader's part in the order (where its link leads); null without one. */
  role: z.enum(['buyer', 'seller']).nullable().optional(),
});

/** What one `change` event of GET /api/events carries (its SSE id is the event's id). */
export const changeEventWire = z.object({
  topic: z.enum(EVENT_TOPICS),
  subjectId: z.number().int(),
});
