import { requireCaller, type Caller } from '../context';
import type { Clock, Store } from '../ports';

const SHOWN = 30;

/** The caller's newest notifications and the unread count (the bell in the navigation bar). */
export function listNotifications(deps: { store: Store }) {
  return async (caller: Caller | null) => {
    const who = requireCaller(caller);
    return deps.store.notifications.list(who.userId, SHOWN);
  };
}

/** Marks the caller's notifications read: those ids, or all of them. */
export function markNotificationsRead(deps: { store: Store; clock: Clock }) {
  return async (caller: Caller | null, ids: readonly number[] | 'all') => {
    const who = requireCaller(caller);
    const changed = await deps.store.notifications.markRead(who.userId, ids, deps.clock.now());
    return { changed };
  };
}
