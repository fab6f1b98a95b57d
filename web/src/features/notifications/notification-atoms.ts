import { getNotifications } from '@web/api/get-notifications';
import { notificationsVersionAtom } from '@web/state/live-refresh';
import { remoteAtom } from '@web/state/remote-atom';
import { userIdAtom } from '@web/features/user';

/** The signed-in user's newest notifications and unread count; loads again on each event. */
export const notificationsAtom = remoteAtom(userIdAtom, notificationsVersionAtom, getNotifications);
