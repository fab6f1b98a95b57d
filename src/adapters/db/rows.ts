import type { Order, Payment, Product, ProductSummary, User } from '../../domain/entities';
import type { OrderStatus } from '../../domain/order';
import { parseImageList } from '../../domain/product';
import type { Category, Condition, ProductStatus } from '../../domain/product';
import type { PaymentStatus } from '../../domain/entities';

// Row shapes (snake_case, as the drivers return them) and their wire forms (camelCase).
type Time = Date;
const iso = (t: Time) => t.toISOString();
const isoOrNull = (t: Time | null) => (t ? t.toISOString() : null);

export interface UserRow {
  id: number;
  wallet_address: string;
  username: string;
  created_at: Time;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  walletAddress: r.wallet_address,
  username: r.username,
  createdAt: iso(r.created_at),
});

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price: string;
  category: string;
  condition: string;
  seller_id: number;
  status: string;
  location: string | null;
  image_url: string | null;
  requires_address: boolean;
  requires_email: boolean;
  requires_name: boolean;
  quantity: number;
  sold_quantity: number;
  created_at: Time;
}

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
  imageUrl: r.image_url,
  requiresAddress: r.requires_address,
  requiresEmail: r.requires_email,
  requiresName: r.requires_name,
  quantity: r.quantity,
  soldQuantity: r.sold_quantity,
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
  imageUrl: 'image_url',
  requiresAddress: 'requires_address',
  requiresEmail: 'requires_email',
  requiresName: 'requires_name',
  quantity: 'quantity',
} as const;

export interface OrderRow {
  id: number;
  product_id: number;
  buyer_id: number;
  seller_id: number;
  price: string;
  status: string;
  transaction_hash: string | null;
  escrow_transaction_hash: string | null;
  release_transaction_hash: string | null;
  refund_transaction_hash: string | null;
  tracking_number: string | null;
  proof_of_delivery: string | null;
  delivery_images: string | null;
  uploaded_files: string | null;
  buyer_address: string | null;
  buyer_email: string | null;
  buyer_name: string | null;
  created_at: Time;
  tracking_uploaded_at: Time | null;
  funds_released_at: Time | null;
  refunded_at: Time | null;
}

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
  deliveryImages: r.delivery_images,
  uploadedFiles: r.uploaded_files,
  buyerAddress: r.buyer_address,
  buyerEmail: r.buyer_email,
  buyerName: r.buyer_name,
  createdAt: iso(r.created_at),
  trackingUploadedAt: isoOrNull(r.tracking_uploaded_at),
  fundsReleasedAt: isoOrNull(r.funds_released_at),
  refundedAt: isoOrNull(r.refunded_at),
});

/** The product summary columns joined onto an order row (null when the product is gone). */
export interface SummaryColumns {
  p_id: number | null;
  p_name: string | null;
  p_image_url: string | null;
  p_status: string | null;
}

export const toSummary = (r: SummaryColumns): ProductSummary | null =>
  r.p_id === null
    ? null
    : {
        id: r.p_id,
        name: r.p_name ?? '',
        image: parseImageList(r.p_image_url)[0] ?? null,
        status: r.p_status as ProductStatus,
      };

export interface PaymentRow {
  id: number;
  signature: string;
  payer_wallet: string;
  lamports: bigint;
  product_id: number | null;
  order_id: number | null;
  status: string;
  reason: string | null;
  refund_signature: string | null;
  created_at: Time;
}

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
  createdAt: iso(r.created_at),
});
