import type { Caller } from '../context';
import type { Clock, Store } from '../ports';
import { hashToken } from './tokens';

/** Who a session cookie signs in; null for a visitor or a session that ended. */
export function callerOf(deps: { store: Store; clock: Clock; isAdmin: (w: string) => boolean }) {
  return async (token: string | undefined): Promise<Caller | null> => {
    if (!token) return null;
    const session = await deps.store.sessions.find(hashToken(token), deps.clock.now());
    if (!session) return null;
    return {
      userId: session.userId,
      walletAddress: session.walletAddress,
      isAdmin: deps.isAdmin(session.walletAddress),
    };
  };
}

/** Ends a session (a token that is unknown changes nothing). */
export function signOut(deps: { store: Store }) {
  return async (token: string | undefined) => {
    if (token) await deps.store.sessions.revoke(hashToken(token));
  };
}
