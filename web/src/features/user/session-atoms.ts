import type { User } from '@src/domain/entities';
import { earlyKeys, noteAdminCheck, takeEarly } from '@web/api/early';
import { getAdminCheck } from '@web/api/get-admin-check';
import { getSession, type Session } from '@web/api/get-session';
import { atom, unwrap } from '@web/state/jotai';
import { walletAddressAtom } from '@web/features/wallet';

export type SignInStatus = 'idle' | 'checking' | 'signing' | 'needed' | 'signed-in';

export interface UserState {
  user: User | null;
  isLoading: boolean;
  error: string | null;
  signIn: SignInStatus;
  /** Why the last sign-in did not finish (declined, unsupported wallet, server error). */
  signInError: string | null;
}

const initialUser: UserState = {
  user: null,
  isLoading: false,
  error: null,
  signIn: 'idle',
  signInError: null,
};

const userState = atom<UserState>(initialUser);
const session = atom<{ loaded: boolean; value: Session | null }>({ loaded: false, value: null });

/** The signed-in user of the connected wallet and the sign-in progress. */
export const userStateAtom = atom((get) => get(userState));
export const patchUserStateAtom = atom(null, (get, set, patch: Partial<UserState>) =>
  set(userState, { ...get(userState), ...patch }),
);
export const resetUserStateAtom = atom(null, (_get, set) => set(userState, initialUser));

/** The server session of the cookie (GET /api/auth/session), once loaded. */
export const sessionAtom = atom((get) => get(session));
export const setSessionAtom = atom(null, (_get, set, value: Session | null) =>
  set(session, { loaded: true, value }),
);
export const loadSessionAtom = atom(null, async (_get, set) => {
  const value = await takeEarly(earlyKeys.session, getSession).catch(() => null);
  set(session, { loaded: true, value });
});

const adminCheck = atom(async (get) => {
  const address = get(walletAddressAtom);
  if (!address) return { address, isAdmin: false };
  try {
    const answer = await takeEarly(earlyKeys.adminCheck(address), () => getAdminCheck(address), {
      askAgain: false,
    });
    noteAdminCheck(address, answer.isAdmin === true);
    return { address, isAdmin: answer.isAdmin === true };
  } catch {
    return { address, isAdmin: false };
  }
});

/**
 * The answer of GET /api/admin/check for the connected wallet once it came (null while on its
 * way): one request per wallet, shared by the nav and the admin page.
 */
export const adminCheckAtom = atom((get) => {
  const settled = get(settledAdminCheck);
  return settled && settled.address === get(walletAddressAtom) ? settled : null;
});
const settledAdminCheck = unwrap(adminCheck, () => null);

/** Spec section 6: the server's isAdmin for the connected wallet; false while loading or on failure. */
export const isAdminAtom = atom((get) => get(adminCheckAtom)?.isAdmin === true);
