/* What other features may use of the purchase feature: the panel inside the product dialog. */
export { PurchasePanel } from './purchase-panel';
