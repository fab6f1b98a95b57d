/* The navigation bar shows the signed-in user's notification bell. */
export { NotificationBell } from './notification-bell';
