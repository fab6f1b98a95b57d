import { createContext, useContext } from 'react';
import type { User } from '@src/domain/entities';
import type { SignInStatus } from './session-atoms';

export interface UserContextValue {
  user: User | null;
  userId: number | null;
  isLoading: boolean;
  error: string | null;
  signInStatus: SignInStatus;
  signInError: string | null;
  /** Asks the wallet to sign the server's challenge again. */
  signIn: () => Promise<void>;
}

export const UserContext = createContext<UserContextValue | null>(null);

/** The connected wallet's user; throws the spec's developer error outside a UserProvider. */
export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser must be used within a UserProvider');
  return value;
}
