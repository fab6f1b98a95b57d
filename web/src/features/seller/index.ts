/* The route's page, loaded on demand by the app (a chunk of its own). */
export { default } from './seller-dashboard';
