import { atom } from '@web/state/jotai';
import { userStateAtom } from './session-atoms';

/** The signed-in user's id, or null; changes only when the id does (not on every state patch). */
export const userIdAtom = atom((get) => get(userStateAtom).user?.id ?? null);
