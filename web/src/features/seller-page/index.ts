/* The route's page (/seller/:id), loaded on demand by the app (a chunk of its own). */
export { default } from './seller-page';
