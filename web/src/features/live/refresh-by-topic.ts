import type { EventTopic } from '@src/domain/entities';
import type { AppStore } from '@web/state/jotai';
import {
  refreshMessagesAtom,
  refreshNotificationsAtom,
  refreshReviewsAtom,
} from '@web/state/live-refresh';
import { refreshOrdersAtom, refreshProductsAtom } from '@web/state/refresh';

type Refresh = 'orders' | 'products' | 'reviews' | 'messages' | 'notifications';

/**
 * What each topic makes stale. An order's status also moves its seller's record (completed
 * sales, disputes), so reputations load again with it; a message is shown with its order.
 */
export const STALE_BY_TOPIC: Record<EventTopic, readonly Refresh[]> = {
  order: ['orders', 'reviews'],
  product: ['products'],
  review: ['reviews'],
  message: ['messages', 'orders'],
  notification: ['notifications'],
};

const ALL: readonly Refresh[] = ['orders', 'products', 'reviews', 'messages', 'notifications'];

const actions = {
  orders: refreshOrdersAtom,
  products: refreshProductsAtom,
  reviews: refreshReviewsAtom,
  messages: refreshMessagesAtom,
  notifications: refreshNotificationsAtom,
} as const;

/** Events that come together (a purchase: order, product, notification) load each thing once. */
export const GATHER_MS = 40;

/**
 * Turns events into refreshes through the store: each kind of data is marked stale at most once
 * per GATHER_MS, however many events named it.
 */
export function createRefresher(store: AppStore) {
  const pending = new Set<Refresh>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    for (const what of pending) store.set(actions[what]);
    pending.clear();
  };
  const mark = (stale: readonly Refresh[]) => {
    for (const what of stale) pending.add(what);
    timer ??= setTimeout(flush, GATHER_MS);
  };
  return {
    topic: (topic: EventTopic) => mark(STALE_BY_TOPIC[topic]),
    /** After a reset, or a connection that could not resume: everything may have changed. */
    everything: () => mark(ALL),
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
