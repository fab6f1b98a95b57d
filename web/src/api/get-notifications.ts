import { notifications } from '@src/contracts/reviews';
import { call } from './client';

/** GET /api/notifications: the signed-in user's newest notifications and the unread count. */
export const getNotifications = () => call(notifications, {});
