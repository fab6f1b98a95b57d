import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createUser } from '@web/api/create-user';
import { earlyKeys, takeEarly } from '@web/api/early';
import { getUserByWallet } from '@web/api/get-user-by-wallet';
import { postAuthLogout } from '@web/api/auth-logout';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { savedWallet, useWallet } from '@web/features/wallet';
import {
  loadSessionAtom,
  patchUserStateAtom,
  resetUserStateAtom,
  sessionAtom,
  setSessionAtom,
  userStateAtom,
} from './session-atoms';
import { signInWithWallet, SignInDeclinedError } from './sign-in';
import { UserContext, type UserContextValue } from './user-context';

/**
 * Once a wallet connects: reuse the cookie's session when it is for that wallet (and read or
 * create its user, spec section 4), otherwise sign in with the wallet. A declined signature
 * leaves browsing working; the banner offers to try again.
 */
export function UserProvider({ children }: { children: ReactNode }) {
  const { wallet, walletAddress } = useWallet();
  const state = useAtomValue(userStateAtom);
  const session = useAtomValue(sessionAtom);
  const patch = useSetAtom(patchUserStateAtom);
  const resetUser = useSetAtom(resetUserStateAtom);
  const setSession = useSetAtom(setSessionAtom);
  const loadSession = useSetAtom(loadSessionAtom);
  const current = useRef<string | null>(null);
  const previous = useRef<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Only a remembered wallet can have a session worth reusing; a visitor is not asked (no 401).
    if (savedWallet()) void loadSession();
    else setSession(null);
  }, [loadSession, setSession]);

  const loadUser = useCallback(
    async (address: string) => {
      patch({ isLoading: true, error: null, signIn: 'signed-in' });
      try {
        const found = await takeEarly(earlyKeys.user(address), () => getUserByWallet(address));
        const user = found ?? (await createUserAccount(address));
        if (current.current === address) patch({ user, isLoading: false });
      } catch (error) {
        if (current.current === address)
          patch({ isLoading: false, error: (error as Error).message });
      }
    },
    [patch],
  );

  const signIn = useCallback(async () => {
    const address = current.current;
    if (!address || !wallet) return;
    patch({ signIn: 'signing', signInError: null, isLoading: true, error: null });
    try {
      const verified = await signInWithWallet(wallet.adapter, address);
      if (current.current !== address) return;
      setSession({ walletAddress: address, userId: verified.user.id, isAdmin: verified.isAdmin });
      patch({ user: verified.user, isLoading: false, signIn: 'signed-in' });
    } catch (error) {
      if (current.current !== address) return;
      const declined = error instanceof SignInDeclinedError;
      patch({
        isLoading: false,
        signIn: 'needed',
        signInError: declined ? error.message : `Sign-in failed: ${(error as Error).message}`,
      });
    }
  }, [patch, setSession, wallet]);

  useEffect(() => {
    current.current = walletAddress;
    if (walletAddress !== previous.current) {
      // A new wallet (or none): the old user, error and sign-in state do not apply to it.
      if (previous.current && !walletAddress) {
        setSession(null);
        void postAuthLogout().catch(() => undefined);
      }
      resetUser();
      previous.current = walletAddress;
      started.current = false;
    }
    if (!walletAddress) return;
    if (!session.loaded) {
      patch({ signIn: 'checking', isLoading: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    if (session.value?.walletAddress === walletAddress) void loadUser(walletAddress);
    else void signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per wallet address, after the session check
  }, [walletAddress, session.loaded]);

  const value: UserContextValue = useMemo(
    () => ({
      user: state.user,
      userId: state.user?.id ?? null,
      isLoading: state.isLoading,
      error: state.error,
      signInStatus: state.signIn,
      signInError: state.signInError,
      signIn,
    }),
    [signIn, state],
  );
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

async function createUserAccount(walletAddress: string) {
  try {
    return await createUser({ walletAddress, username: '' });
  } catch {
    throw new Error('Failed to create user account');
  }
}
