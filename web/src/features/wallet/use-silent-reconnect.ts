import { useEffect, useRef } from 'react';
import type { Adapter } from '@solana/wallet-adapter-base';
import type { WalletOption } from './wallet-context';
import { clearSavedWallet } from './wallet-storage';

/** How long to wait for a saved wallet to appear (extensions register a little after load). */
export const RECONNECT_GRACE_MS = 3000;

/**
 * Spec section 4: with a saved wallet name and address, try a silent reconnect once; on
 * failure (or when that wallet never shows up) clear the saved values.
 */
export function useSilentReconnect(options: {
  saved: () => { name: string; address: string } | null;
  wallets: WalletOption[];
  /** True once the dev-wallet list has answered, so a dev wallet name can be found. */
  ready: boolean;
  attach: (adapter: Adapter, silent: boolean) => Promise<void>;
}) {
  const { wallets, ready, attach } = options;
  const pending = useRef(options.saved());

  useEffect(() => {
    const saved = pending.current;
    if (!saved) return;
    const option = wallets.find((w) => w.name === saved.name);
    if (option) {
      pending.current = null;
      attach(option.adapter, true).catch(() => clearSavedWallet());
      return;
    }
    if (!ready) return;
    const timer = setTimeout(() => {
      pending.current = null;
      clearSavedWallet();
    }, RECONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [attach, ready, wallets]);
}
