import { conflict, notFound } from './errors';
import { available, type ProductStatus } from './product';

/*
 * The product lifecycle: the only place that decides a product's status.
 *   active <-> sold      by stock (the last unit sold; a unit given back by a refund)
 *   active/sold <-> inactive   by the seller (hidden from the marketplace)
 *   any -> deleted       by an admin (spec: "Admin Removed"; stays readable for its orders)
 *   any -> removed       by the seller, when orders still refer to it (else the row goes)
 * deleted and removed are final.
 */

interface Stock {
  quantity: number;
  soldQuantity: number;
}

/** The status a listing is saved with: hidden stays inactive; otherwise stock decides. */
export function listedStatus(stock: Stock, hidden: boolean): ProductStatus {
  if (hidden) return 'inactive';
  return available(stock) > 0 ? 'active' : 'sold';
}

/** After a unit is taken (the stock already counts it): the last unit sells the product out. */
export function statusAfterSale(product: Stock & { status: ProductStatus }): ProductStatus {
  return product.status === 'active' && available(product) === 0 ? 'sold' : product.status;
}

/** After a unit is given back (refund): only a sell-out is undone. */
export function statusAfterReturn(product: Stock & { status: ProductStatus }): ProductStatus {
  return product.status === 'sold' && available(product) > 0 ? 'active' : product.status;
}

/** Whether a unit can be taken: the guard of every sale. */
export const canSell = (product: Stock & { status: ProductStatus }) =>
  product.status === 'active' && available(product) > 0;

/** A seller may edit or delete a listing unless an admin removed it. */
export function assertSellerMayChange(status: ProductStatus): void {
  if (status === 'removed') throw notFound('Product not found');
  if (status === 'deleted') {
    throw conflict('This listing was removed by an admin and can no longer be changed');
  }
}

/**
 * A seller's delete erases the row; when orders or payments still refer to it, it becomes
 * `removed` instead: out of every list, still readable for its orders.
 */
export const KEPT_FOR_ORDERS: ProductStatus = 'removed';

/** An admin's delete (spec: marked deleted, may have orders); a seller-removed one is gone. */
export function adminDeletion(status: ProductStatus): ProductStatus {
  if (status === 'removed') throw notFound('Product not found');
  return 'deleted';
}

/** Statuses nothing moves a product out of. */
export const FINAL_STATUSES: readonly ProductStatus[] = ['deleted', 'removed'];

/** Statuses each list shows. */
export const MARKETPLACE_STATUSES: readonly ProductStatus[] = ['active', 'sold'];
export const MANAGED_STATUSES: readonly ProductStatus[] = ['active', 'sold', 'inactive', 'deleted'];
