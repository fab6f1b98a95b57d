import type { Order, Product } from '../../../../src/domain/entities';
import type { ContactDetails } from '../../../../src/domain/contact';
import { ApiError } from '../../api/client';
import { createOrder } from '../../api/create-order';

export const ORDER_RECORD_FAILED = 'Failed to create order record';

/** The order could not be recorded although the payment went through. */
export class RecordOrderError extends Error {
  constructor(
    message: string,
    /** False when the server refused for good (409: the payment is flagged for refund). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'RecordOrderError';
  }
}

/** Posts the paid order; safe to repeat with the same signature (the server answers the same order). */
export async function recordOrder(input: {
  product: Product;
  buyerId: number;
  signature: string;
  contact: ContactDetails;
}): Promise<Order> {
  const { product, contact } = input;
  try {
    return await createOrder({
      productId: product.id,
      buyerId: input.buyerId,
      sellerId: product.sellerId,
      price: product.price,
      status: 'escrow_held',
      escrowTransactionHash: input.signature,
      ...(product.requiresEmail && contact.buyerEmail
        ? { buyerEmail: contact.buyerEmail.trim() }
        : {}),
      ...(product.requiresAddress && contact.buyerAddress
        ? { buyerAddress: contact.buyerAddress.trim() }
        : {}),
      ...(product.requiresName && contact.buyerName ? { buyerName: contact.buyerName.trim() } : {}),
    });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const detail = error instanceof ApiError && error.message ? error.message : ORDER_RECORD_FAILED;
    throw new RecordOrderError(detail, status !== 409);
  }
}
