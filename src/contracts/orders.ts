import { z } from 'zod';
import { MAX_CONTACT_LENGTH, type ContactDetails } from '../domain/contact';
import { DISPUTE_REASONS } from '../domain/dispute';
import type { Product } from '../domain/entities';
import { ORDER_STATUSES, type OrderStatus } from '../domain/order';
import { endpoint } from './endpoint';
import {
  adminQuery,
  idNumber,
  idText,
  jsonObject,
  none,
  optionalText,
  queryText,
  signature,
} from './fields';
import { priceText } from './listing';
import {
  disputeWire,
  listingAsSoldWire,
  messageWire,
  orderWire,
  orderWithProductWire,
} from './wire';

const id = z.object({ id: idText('order id') });
const userId = z.object({ id: idText('user id') });

/** POST /api/orders (spec section 7): the paid order, recorded once the chain confirms it. */
export const purchaseBody = jsonObject({
  productId: idNumber('productId'),
  buyerId: idNumber('buyerId'),
  sellerId: idNumber('sellerId'),
  price: priceText,
  status: z.literal('escrow_held', { error: 'status must be escrow_held' }).optional(),
  escrowTransactionHash: signature('escrowTransactionHash'),
  buyerEmail: optionalText('buyerEmail', MAX_CONTACT_LENGTH),
  buyerAddress: optionalText('buyerAddress', MAX_CONTACT_LENGTH),
  buyerName: optionalText('buyerName', MAX_CONTACT_LENGTH),
}).transform(({ escrowTransactionHash, buyerEmail, buyerAddress, buyerName, ...rest }) => ({
  productId: rest.productId,
  buyerId: rest.buyerId,
  sellerId: rest.sellerId,
  price: rest.price,
  signature: escrowTransactionHash,
  contact: { buyerEmail, buyerAddress, buyerName },
}));

export type PurchaseCommand = z.output<typeof purchaseBody>;

export const createOrder = endpoint({
  method: 'POST',
  path: '/api/orders',
  params: none,
  query: none,
  body: purchaseBody,
  answer: orderWire,
  status: 201,
  spec: true,
  summary: 'records a paid order after checking the payment on chain (200: already recorded)',
});

export const buyerOrders = endpoint({
  method: 'GET',
  path: '/api/orders/buyer/:id',
  params: userId,
  query: none,
  body: null,
  answer: z.array(orderWithProductWire),
  spec: true,
  summary: 'a buyer’s orders, newest first',
});

export const sellerOrders = endpoint({
  method: 'GET',
  path: '/api/orders/seller/:id',
  params: userId,
  query: none,
  body: null,
  answer: z.array(orderWithProductWire),
  spec: true,
  summary: 'a seller’s sales, newest first',
});

export const uploadTracking = endpoint({
  method: 'POST',
  path: '/api/orders/:id/tracking',
  params: id,
  query: none,
  body: z.object({
    trackingNumber: z
      .string({ error: 'Send one tracking number' })
      .optional()
      .transform((text) => text?.trim() || null),
  }),
  multipart: true,
  answer: orderWire,
  spec: true,
  summary: 'the seller’s tracking number and/or proof of delivery files (field `files`)',
});

/** `?status=a,b` or absent (orders awaiting review). */
const statusList = queryText('status').transform((text, ctx): OrderStatus[] => {
  if (!text) return ['tracking_uploaded'];
  const wanted = text.split(',').map((s) => s.trim());
  const bad = wanted.find((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `Unknown order status: ${bad}` });
    return z.NEVER;
  }
  return wanted as OrderStatus[];
});

export const adminOrders = endpoint({
  method: 'GET',
  path: '/api/admin/escrow-orders',
  params: none,
  query: adminQuery.extend({ status: statusList }),
  body: null,
  answer: z.array(orderWithProductWire),
  spec: true,
  summary: 'orders awaiting review (tracking uploaded), or those of the statuses given',
});

export const adminOrder = endpoint({
  method: 'GET',
  path: '/api/admin/orders/:id',
  params: id,
  query: adminQuery,
  body: null,
  answer: orderWithProductWire,
  spec: false,
  summary: 'one order, for an admin',
});

export const releaseFunds = endpoint({
  method: 'POST',
  path: '/api/admin/release-funds/:id',
  params: id,
  query: adminQuery,
  body: jsonObject({ releaseTransactionHash: signature('releaseTransactionHash') }),
  answer: orderWire,
  spec: true,
  summary: 'records the escrow -> seller transfer (checked on chain): the order completes',
});

export const refundOrder = endpoint({
  method: 'POST',
  path: '/api/admin/refund/:id',
  params: id,
  query: adminQuery,
  body: jsonObject({ refundTransactionHash: signature('refundTransactionHash') }),
  answer: orderWire,
  spec: false,
  summary: 'records the escrow -> buyer transfer (checked on chain): the order is cancelled',
});

/**
 * The body of POST /api/orders for a payment of `product`'s price: the one way every client
 * (web, CLI, seed) builds it. Only the contact details the product requires are sent.
 */
export function purchaseRequest(input: {
  product: Pick<
    Product,
    'id' | 'sellerId' | 'price' | 'requiresEmail' | 'requiresAddress' | 'requiresName'
  >;
  buyerId: number;
  signature: string;
  contact?: ContactDetails;
}): z.input<typeof purchaseBody> {
  const { product, contact = {} } = input;
  const text = (required: boolean, value: string | null | undefined) =>
    required && value?.trim() ? value.trim() : undefined;
  return {
    productId: product.id,
    buyerId: input.buyerId,
    sellerId: product.sellerId,
    price: product.price,
    status: 'escrow_held',
    escrowTransactionHash: input.signature,
    buyerEmail: text(product.requiresEmail, contact.buyerEmail),
    buyerAddress: text(product.requiresAddress, contact.buyerAddress),
    buyerName: text(product.requiresName, contact.buyerName),
  };
}

export const confirmReceipt = endpoint({
  method: 'POST',
  path: '/api/orders/:id/confirm-receipt',
  params: id,
  query: none,
  body: null,
  answer: orderWire,
  spec: false,
  summary: 'the buyer has the goods: the seller’s payment is due now',
});

/** Multisig mode: a close of an escrow account the arbiter signed, for the party paid. */
export const signedClose = z.object({
  /** Base64, signed by the arbiter (the fee payer); the party paid signs and sends it. */
  transaction: z.string(),
  lastValidBlockHeight: z.codec(z.string().regex(/^\d+$/), z.bigint(), {
    decode: (text) => BigInt(text),
    encode: (value) => value.toString(),
  }),
});

export const escrowOutcome = endpoint({
  method: 'GET',
  path: '/api/orders/:id/escrow-outcome',
  params: id,
  query: none,
  body: null,
  answer: signedClose.extend({ outcome: z.enum(['release', 'refund']) }),
  spec: false,
  summary: 'multisig mode: the arbiter-signed close of a payout due, for the party it pays',
});

export const claimEscrowOutcome = endpoint({
  method: 'POST',
  path: '/api/orders/:id/escrow-outcome',
  params: id,
  query: none,
  body: jsonObject({ signature: signature('signature') }),
  answer: orderWire,
  spec: false,
  summary: 'multisig mode: records the close the party paid sent (checked on chain, exactly)',
});

export const cancelOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/cancel',
  params: id,
  query: none,
  body: null,
  answer: orderWire,
  spec: false,
  summary:
    'calls off an unshipped order (the seller any time, the buyer after the ship-by date): refund due',
});

/** A message's text field of a multipart form (files ride beside it as `files`). */
const messageText = (field: string) =>
  z
    .string({ error: `Send one ${field}` })
    .optional()
    .transform((text) => text ?? '');

export const openDispute = endpoint({
  method: 'POST',
  path: '/api/orders/:id/dispute',
  params: id,
  query: none,
  body: z.object({
    reason: z.enum(DISPUTE_REASONS, {
      error: `reason must be one of ${DISPUTE_REASONS.join(', ')}`,
    }),
    message: messageText('message'),
  }),
  multipart: true,
  answer: orderWire,
  spec: false,
  summary: 'the buyer or the seller reports a problem, with a message and evidence files',
});

export const orderThread = endpoint({
  method: 'GET',
  path: '/api/orders/:id/thread',
  params: id,
  query: none,
  body: null,
  answer: z.object({
    dispute: disputeWire.nullable(),
    messages: z.array(messageWire),
    /** Null for an order from before the listing was kept with it. */
    listingAsSold: listingAsSoldWire.nullable(),
  }),
  spec: false,
  summary:
    'the order’s dispute and messages, and the listing as it was bought, for its buyer, its seller and admins',
});

export const postMessage = endpoint({
  method: 'POST',
  path: '/api/orders/:id/messages',
  params: id,
  query: none,
  body: z.object({ body: messageText('message') }),
  multipart: true,
  answer: messageWire,
  status: 201,
  spec: false,
  summary: 'a message in the order’s thread (text and/or files)',
});
