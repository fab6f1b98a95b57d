import type { Order, Product } from '@src/domain/entities';
import type { ContactDetails } from '@src/domain/contact';
import { ApiError } from '@web/api/client';
import { createOrder, type NewOrder } from '@web/api/create-order';

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

/** A contact detail the product asks for, trimmed; not sent otherwise. */
const asked = (required: boolean, value: string | null | undefined) =>
  required && value ? value.trim() : undefined;

/** The body of POST /api/orders for a paid product (spec section 7), as the contract states it. */
export function orderBody(input: {
  product: Product;
  buyerId: number;
  signature: string;
  contact: ContactDetails;
}): NewOrder {
  const { product, contact } = input;
  return {
    productId: product.id,
    buyerId: input.buyerId,
    sellerId: product.sellerId,
    price: product.price,
    status: 'escrow_held',
    escrowTransactionHash: input.signature,
    buyerEmail: asked(product.requiresEmail, contact.buyerEmail),
    buyerAddress: asked(product.requiresAddress, contact.buyerAddress),
    buyerName: asked(product.requiresName, contact.buyerName),
  };
}

/** Posts the paid order; safe to repeat with the same signature (the server answers the same order). */
export async function recordOrder(input: Parameters<typeof orderBody>[0]): Promise<Order> {
  try {
    return await createOrder(orderBody(input));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const detail = error instanceof ApiError && error.message ? error.message : ORDER_RECORD_FAILED;
    throw new RecordOrderError(detail, status !== 409);
  }
}
