import type { NewOrder, NewProduct } from '@src/app/ports';

/** A valid new product of `sellerId` (one unit, no images). */
export function newProduct(sellerId: number): NewProduct {
  return {
    name: 'Vintage camera',
    description: 'A working film camera',
    price: '12.50',
    category: 'physical-items',
    condition: 'good',
    sellerId,
    status: 'active',
    location: null,
    images: [],
    handlingDays: 3,
    requiresAddress: false,
    requiresEmail: false,
    requiresName: false,
    quantity: 1,
  };
}

/** A paid order (escrow held) with a signature of its own. */
export function newOrder(productId: number, buyerId: number, sellerId: number): NewOrder {
  return {
    productId,
    buyerId,
    sellerId,
    price: '12.50',
    status: 'escrow_held',
    escrowTransactionHash: `sig-${productId}-${buyerId}-${Math.random().toString(36).slice(2)}`,
  };
}
