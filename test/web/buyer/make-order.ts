import type { OrderWithProduct, Product } from '@src/domain/entities';
import { buyerUser, sellerUser } from '../handlers';

let nextOrderId = 40;

/** An order as GET /api/orders/* answers it (decoded), for `product` (or an unknown one: null). */
export function makeOrder(
  product: Product | null,
  overrides: Partial<OrderWithProduct> = {},
): OrderWithProduct {
  const id = overrides.id ?? nextOrderId++;
  return {
    id,
    productId: product?.id ?? 9999,
    buyerId: buyerUser.id,
    sellerId: sellerUser.id,
    price: product?.price ?? '1.00',
    status: 'escrow_held',
    transactionHash: null,
    escrowTransactionHash: `EscrowSig${id}`,
    releaseTransactionHash: null,
    refundTransactionHash: null,
    trackingNumber: null,
    proofOfDelivery: null,
    deliveryImages: [],
    uploadedFiles: [],
    buyerAddress: null,
    buyerEmail: null,
    buyerName: null,
    createdAt: '2025-03-04T12:00:00.000Z',
    trackingUploadedAt: null,
    fundsReleasedAt: null,
    refundedAt: null,
    handlingDays: 3,
    shipBy: '2025-03-07T12:00:00.000Z',
    autoRefundAt: '2025-03-14T12:00:00.000Z',
    inspectionEndsAt: null,
    receivedAt: null,
    dueSince: null,
    dueReason: null,
    product: product
      ? {
          id: product.id,
          name: product.name,
          image: product.images[0] ?? null,
          status: product.status,
        }
      : null,
    ...overrides,
  };
}
