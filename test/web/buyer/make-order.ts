import type { OrderWithProduct, Product } from '../../../src/domain/entities';
import { parseImageList } from '../../../src/domain/product';
import { buyerUser, sellerUser } from '../handlers';

let nextOrderId = 40;

/** An order as GET /api/orders/* answers it, for `product` (or an unknown one with null). */
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
    deliveryImages: null,
    uploadedFiles: null,
    buyerAddress: null,
    buyerEmail: null,
    buyerName: null,
    createdAt: '2025-03-04T12:00:00.000Z',
    trackingUploadedAt: null,
    fundsReleasedAt: null,
    refundedAt: null,
    product: product
      ? {
          id: product.id,
          name: product.name,
          image: parseImageList(product.imageUrl)[0] ?? null,
          status: product.status,
        }
      : null,
    ...overrides,
  };
}
