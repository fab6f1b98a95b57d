/* What other features may use of the product feature: its card, their grid, its detail dialog. */
export { ProductCard, ProductCardSkeleton } from './product-card';
export { ProductDialog } from './product-dialog';
export { productGrid } from './product.css';
