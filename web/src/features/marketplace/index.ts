/* The marketplace route (/). */
export { MarketplacePage } from './marketplace-page';
