/* What other features may use of the product feature: its card and its detail dialog. */
export { ProductCard, ProductCardSkeleton } from './product-card';
export { ProductDialog } from './product-dialog';
