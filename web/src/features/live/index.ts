/* The app mounts one LiveUpdates: the event stream of the signed-in user. */
export { LiveUpdates } from './live-updates';
