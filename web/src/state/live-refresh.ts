import { atom } from './jotai';

const reviewsVersion = atom(0);
const notificationsVersion = atom(0);
const messagesVersion = atom(0);

/** Read inside an atom to refetch it whenever reviews (and so reputations) change. */
export const reviewsVersionAtom = atom((get) => get(reviewsVersion));
/** Read inside an atom to refetch it whenever the signed-in user's notifications change. */
export const notificationsVersionAtom = atom((get) => get(notificationsVersion));
/** Read inside an atom to refetch it whenever an order's messages change. */
export const messagesVersionAtom = atom((get) => get(messagesVersion));

export const refreshReviewsAtom = atom(null, (_get, set) => set(reviewsVersion, (v) => v + 1));
export const refreshNotificationsAtom = atom(null, (_get, set) =>
  set(notificationsVersion, (v) => v + 1),
);
export const refreshMessagesAtom = atom(null, (_get, set) => set(messagesVersion, (v) => v + 1));
