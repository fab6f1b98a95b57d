import { readNotifications as read } from '@src/contracts/reviews';
import { call } from './client';

/** POST /api/notifications/read: marks these notifications (or all) read. */
export const readNotifications = (ids: readonly number[] | 'all') =>
  call(read, { body: { ids: ids === 'all' ? 'all' : [...ids] } });
