import { createContext, useContext } from 'react';
import type { Adapter, WalletReadyState } from '@solana/wallet-adapter-base';

export interface WalletOption {
  name: string;
  icon: string;
  readyState: WalletReadyState;
  adapter: Adapter;
}

export interface WalletContextValue {
  /** The connected wallet (name, icon and its adapter for signing), or null. */
  wallet: WalletOption | null;
  walletAddress: string | null;
  connected: boolean;
  connecting: boolean;
  /** Every wallet the dialog offers: Phantom, Solflare, and dev wallets on the local chain. */
  wallets: WalletOption[];
  connect: (walletName: string) => Promise<void>;
  disconnect: () => Promise<void>;
}

export const WalletContext = createContext<WalletContextValue | null>(null);

/** The wallet connection; throws the spec's developer error outside a WalletProvider. */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used within a WalletProvider');
  return value;
}
