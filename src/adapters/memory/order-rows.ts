import type { NewOrder, OrderPatch } from '../../app/ports';
import type { Order, OrderWithProduct } from '../../domain/entities';
import { ORDER_STATUSES } from '../../domain/order';
import { missingReference, uniqueViolation } from '../schema/constraint-errors';
import { checks, int4, numeric10x2, positive, required, timestamp } from './columns';
import { frozen, type OrderRow, type Tables } from './tables';

/** Every field an order write may set, as the knex store maps them to columns. */
const WRITABLE = [
  'productId',
  'buyerId',
  'sellerId',
  'price',
  'status',
  'transactionHash',
  'escrowTransactionHash',
  'releaseTransactionHash',
  'refundTransactionHash',
  'trackingNumber',
  'proofOfDelivery',
  'deliveryImages',
  'uploadedFiles',
  'buyerAddress',
  'buyerEmail',
  'buyerName',
  'trackingUploadedAt',
  'fundsReleasedAt',
  'refundedAt',
  'handlingDays',
  'shipBy',
  'autoRefundAt',
  'inspectionEndsAt',
  'receivedAt',
  'dueSince',
  'dueReason',
] as const satisfies readonly (keyof NewOrder | keyof OrderPatch)[];

type Writable = Partial<Pick<Order, (typeof WRITABLE)[number]>>;

/** Whether a write sets anything at all (an empty one is a plain read). */
export const setsAnything = (input: Writable) => WRITABLE.some((key) => input[key] !== undefined);

const orNull = (time: string | null) => (time === null ? null : timestamp(time));

/**
 * The fields of `input` a write sets (undefined ones are left out), read as their columns' types
 * read a statement's parameters: before any row is looked at.
 */
export function orderValues(input: Writable): Writable {
  const values: Record<string, unknown> = {};
  for (const key of WRITABLE) if (input[key] !== undefined) values[key] = input[key];
  const v = values as Writable;
  if (typeof v.price === 'string') v.price = numeric10x2(v.price);
  for (const key of ['productId', 'buyerId', 'sellerId'] as const) {
    if (typeof v[key] === 'number') v[key] = int4(v[key]);
  }
  for (const key of [
    'trackingUploadedAt',
    'fundsReleasedAt',
    'refundedAt',
    'shipBy',
    'autoRefundAt',
    'inspectionEndsAt',
    'receivedAt',
    'dueSince',
  ] as const) {
    if (v[key] !== undefined) v[key] = orNull(v[key]);
  }
  for (const key of ['deliveryImages', 'uploadedFiles'] as const) {
    if (v[key] !== undefined) v[key] = [...(v[key] ?? [])];
  }
  return v;
}

/** What an order holds where the insert gives nothing (the columns' defaults). */
const DEFAULTS = {
  status: 'pending',
  transactionHash: null,
  escrowTransactionHash: null,
  releaseTransactionHash: null,
  refundTransactionHash: null,
  trackingNumber: null,
  proofOfDelivery: null,
  deliveryImages: [] as string[],
  uploadedFiles: [] as string[],
  buyerAddress: null,
  buyerEmail: null,
  buyerName: null,
  trackingUploadedAt: null,
  fundsReleasedAt: null,
  refundedAt: null,
  handlingDays: null,
  shipBy: null,
  autoRefundAt: null,
  inspectionEndsAt: null,
  receivedAt: null,
  dueSince: null,
  dueReason: null,
} as const satisfies Partial<OrderRow>;

/** A new order: its values over the defaults. */
export const newOrderRow = (values: Writable, id: number, createdAt: string): OrderRow => ({
  ...DEFAULTS,
  ...(values as NewOrder),
  id,
  createdAt,
});

const UNIQUE_SIGNATURES = [
  ['escrowTransactionHash', 'orders_escrow_transaction_hash_key'],
  ['releaseTransactionHash', 'orders_release_transaction_hash_key'],
  ['refundTransactionHash', 'orders_refund_transaction_hash_key'],
] as const;

const REFERENCES = [
  ['productId', 'product_id', 'products'],
  ['buyerId', 'buyer_id', 'users'],
  ['sellerId', 'seller_id', 'users'],
] as const;

/** The row if the orders table's constraints let it be stored, else the error PostgreSQL raises. */
export function checkedOrder(row: OrderRow, tables: Tables): Readonly<OrderRow> {
  for (const key of ['productId', 'buyerId', 'sellerId', 'price', 'status'] as const) {
    required(row[key], 'orders');
  }
  const stored: OrderRow = {
    ...row,
    deliveryImages: [...(row.deliveryImages ?? [])],
    uploadedFiles: [...(row.uploadedFiles ?? [])],
  };
  checks({
    orders_price_positive: positive(row.price),
    orders_status_valid: (ORDER_STATUSES as readonly string[]).includes(row.status),
  });
  for (const [field, constraint] of UNIQUE_SIGNATURES) {
    const value = stored[field];
    const taken = [...tables.orders.values()].some((o) => o.id !== row.id && o[field] === value);
    if (value !== null && taken) throw uniqueViolation(constraint);
  }
  for (const [field, column, table] of REFERENCES) {
    if (!tables[table].has(stored[field])) {
      throw missingReference(column, `orders_${column}_fkey`);
    }
  }
  return frozen(stored);
}

/** An order handed out, with its product's summary: copies, nothing shared with the store. */
export function orderCopy(row: Readonly<OrderRow>, tables: Tables): OrderWithProduct {
  const product = tables.products.get(row.productId);
  return {
    ...orderOnly(row),
    product: product
      ? {
          id: product.id,
          name: product.name,
          image: product.images[0] ?? null,
          status: product.status,
        }
      : null,
  };
}

/** An order handed out without its product. */
export const orderOnly = (row: Readonly<OrderRow>): Order => ({
  ...row,
  deliveryImages: [...row.deliveryImages],
  uploadedFiles: [...row.uploadedFiles],
});
