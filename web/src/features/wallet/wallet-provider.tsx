import { useMemo, type ReactNode } from 'react';
import {
  ConnectionProvider,
  WalletProvider as AdapterWalletProvider,
} from '@solana/wallet-adapter-react';
import type { Adapter } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { useAtomValue } from '@web/state/jotai';
import { DevWalletAdapter } from './dev-wallet-adapter';
import { chainConfigAtom, devWalletsAtom } from './wallet-atoms';
import { WalletStateProvider } from './wallet-state-provider';

export interface WalletProviderProps {
  children: ReactNode;
  /** Extra adapters after Phantom, Solflare and the dev wallets (tests pass a fake wallet). */
  extraAdapters?: Adapter[];
}

/**
 * The wallet stack: a Connection to the RPC endpoint of GET /api/config, the adapters
 * (Phantom, Solflare, dev wallets on the local chain) and the app's wallet state.
 */
export function WalletProvider({ children, extraAdapters }: WalletProviderProps) {
  const config = useAtomValue(chainConfigAtom);
  const devWallets = useAtomValue(devWalletsAtom);
  const browserWallets = useMemo(
    () => [new PhantomWalletAdapter(), new SolflareWalletAdapter()],
    [],
  );
  const demoWallets = useMemo(
    () =>
      (devWallets ?? []).map((w) => new DevWalletAdapter(w.label, Uint8Array.from(w.secretKey))),
    [devWallets],
  );
  const adapters: Adapter[] = useMemo(
    () => [...browserWallets, ...demoWallets, ...(extraAdapters ?? [])],
    [browserWallets, demoWallets, extraAdapters],
  );
  // Until the config answers, a same-origin placeholder: nothing sends before chainConfig loads.
  const endpoint = config?.rpcUrl ?? `${window.location.origin}/rpc-not-configured`;
  return (
    <ConnectionProvider endpoint={endpoint} config={{ commitment: 'confirmed' }}>
      <AdapterWalletProvider
        wallets={adapters}
        autoConnect={false}
        localStorageKey="wallet-adapter-unused"
      >
        <WalletStateProvider>{children}</WalletStateProvider>
      </AdapterWalletProvider>
    </ConnectionProvider>
  );
}
