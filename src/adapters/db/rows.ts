import type {
  ListingAsSold,
  Order,
  Payment,
  Product,
  ProductSummary,
  User,
} from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import type { Category, Condition, ProductStatus } from '../../domain/product';
import type { PaymentStatus } from '../../domain/entities';
import type { ModelObject } from 'objection';
import { readImageField } from '../../contracts/image-field';
import type { OrderModel } from './models/order-model';
import type { PaymentModel } from './models/payment-model';
import type { ProductModel } from './models/product-model';
import type { UserModel } from './models/user-model';

// Rows (snake_case, as the drivers return them; the models declare their shape) and the
// domain's entities. Plain knex rows and model instances both fit these types.
const iso = (t: Date) => t.toISOString();
const isoOrNull = (t: Date | null) => (t ? t.toISOString() : null);

/** Lists are stored as JSON array text (null for none), as the first schema chose. */
export const listToText = (list: readonly string[] | null | undefined) =>
  list && list.length ? JSON.stringify(list) : null;
/** Stored list text -> list; text that is not a JSON array of strings (never written) reads as none. */
export function textToList(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A product's stored image field: what this code writes (JSON array text), or what rows from
 * before it may hold, legacy comma-separated or single values (spec: the image field).
 */
const imagesOf = (text: string | null) => readImageField(text) ?? [];

export type UserRow = ModelObject<UserModel>;

export const toUser = (r: UserRow): User => ({
  id: r.id,
  walletAddress: r.wallet_address,
  username: r.username,
  createdAt: iso(r.created_at),
});

export type ProductRow = ModelObject<ProductModel>;

export const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: r.price,
  category: r.category as Category,
  condition: r.condition as Condition,
  sellerId: r.seller_id,
  status: r.status as ProductStatus,
  location: r.location,
  images: imagesOf(r.image_url),
  requiresAddress: r.requires_address,
  requiresEmail: r.requires_email,
  requiresName: r.requires_name,
  quantity: r.quantity,
  soldQuantity: r.sold_quantity,
  handlingDays: r.handling_days,
  createdAt: iso(r.created_at),
});

/** camelCase product fields -> columns (for inserts and patches). */
export const PRODUCT_COLUMNS = {
  name: 'name',
  description: 'description',
  price: 'price',
  category: 'category',
  condition: 'condition',
  sellerId: 'seller_id',
  status: 'status',
  location: 'location',
  images: 'image_url',
  requiresAddress: 'requires_address',
  requiresEmail: 'requires_email',
  requiresName: 'requires_name',
  handlingDays: 'handling_days',
  quantity: 'quantity',
} as const;

export type OrderRow = ModelObject<OrderModel>;

export const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  productId: r.product_id,
  buyerId: r.buyer_id,
  sellerId: r.seller_id,
  price: r.price,
  status: r.status as OrderStatus,
  transactionHash: r.transaction_hash,
  escrowTransactionHash: r.escrow_transaction_hash,
  releaseTransactionHash: r.release_transaction_hash,
  refundTransactionHash: r.refund_transaction_hash,
  trackingNumber: r.tracking_number,
  proofOfDelivery: r.proof_of_delivery,
  deliveryImages: textToList(r.delivery_images),
  uploadedFiles: textToList(r.uploaded_files),
  buyerAddress: r.buyer_address,
  buyerEmail: r.buyer_email,
  buyerName: r.buyer_name,
  createdAt: iso(r.created_at),
  trackingUploadedAt: isoOrNull(r.tracking_uploaded_at),
  fundsReleasedAt: isoOrNull(r.funds_released_at),
  refundedAt: isoOrNull(r.refunded_at),
  handlingDays: r.handling_days,
  shipBy: isoOrNull(r.ship_by),
  autoRefundAt: isoOrNull(r.auto_refund_at),
  inspectionEndsAt: isoOrNull(r.inspection_ends_at),
  receivedAt: isoOrNull(r.received_at),
  dueSince: isoOrNull(r.due_since),
  dueReason: r.due_reason,
});

/** What an order shows of its product (the `summary` modifier's columns), if it still exists. */
export type SummaryRow = Pick<ProductRow, 'id' | 'name' | 'image_url' | 'status'>;

export const toSummary = (r: SummaryRow | null | undefined): ProductSummary | null =>
  r
    ? {
        id: r.id,
        name: r.name,
        image: imagesOf(r.image_url)[0] ?? null,
        status: r.status as ProductStatus,
      }
    : null;

export type PaymentRow = ModelObject<PaymentModel>;

export const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  signature: r.signature,
  payerWallet: r.payer_wallet,
  lamports: BigInt(r.lamports),
  productId: r.product_id,
  orderId: r.order_id,
  status: r.status as PaymentStatus,
  reason: r.reason,
  refundSignature: r.refund_signature,
  escrowAccount: r.escrow_account ?? null,
  createdAt: iso(r.created_at),
  refundedAt: isoOrNull(r.refunded_at ?? null),
});

/**
 * An order's `listing_as_sold` (jsonb: the driver answers it parsed, or as text) -> the listing
 * as sold; null when there is none or it is not of that shape (never written so).
 */
export function readListingAsSold(value: unknown): ListingAsSold | null {
  let kept = value;
  if (typeof kept === 'string') {
    try {
      kept = JSON.parse(kept);
    } catch {
      return null;
    }
  }
  if (typeof kept !== 'object' || kept === null) return null;
  const { name, description, condition, images } = kept as Record<string, unknown>;
  if (typeof name !== 'string' || typeof description !== 'string') return null;
  if (typeof condition !== 'string' || !Array.isArray(images)) return null;
  return {
    name,
    description,
    condition: condition as Condition,
    images: images.filter((i): i is string => typeof i === 'string'),
  };
}
