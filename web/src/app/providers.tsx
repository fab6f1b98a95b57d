import { useState, type ReactNode } from 'react';
import type { Adapter } from '@solana/wallet-adapter-base';
import { ToastProvider } from '@web/components/toast/toaster';
import { UserProvider } from '@web/features/user';
import { WalletProvider } from '@web/features/wallet';
import { createStore, JotaiProvider, type AppStore } from '@web/state/jotai';

export interface AppProvidersProps {
  children: ReactNode;
  /** A store to share with code outside React (tests read it); one per app otherwise. */
  store?: AppStore;
  /** Extra wallet adapters (tests add a fake wallet). */
  extraAdapters?: Adapter[];
}

/** jotai store -> toasts -> wallet -> user, in that order: each needs the one before. */
export function AppProviders({ children, store, extraAdapters }: AppProvidersProps) {
  const [ownStore] = useState(() => store ?? createStore());
  return (
    <JotaiProvider store={ownStore}>
      <ToastProvider>
        <WalletProvider extraAdapters={extraAdapters}>
          <UserProvider>{children}</UserProvider>
        </WalletProvider>
      </ToastProvider>
    </JotaiProvider>
  );
}
