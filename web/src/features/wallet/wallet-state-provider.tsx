import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWallet as useAdapterWallets } from '@solana/wallet-adapter-react';
import type { Adapter } from '@solana/wallet-adapter-base';
import { useToast } from '@web/components/toast/use-toast';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { devWalletsAtom, setWalletAddressAtom, walletAddressAtom } from './wallet-atoms';
import { WalletContext, type WalletContextValue, type WalletOption } from './wallet-context';
import { clearSavedWallet, saveWallet, savedWallet } from './wallet-storage';
import { useSilentReconnect } from './use-silent-reconnect';

export const NO_PUBLIC_KEY = 'No public key found after connection';

/**
 * Spec sections 3 and 4: disconnected -> connecting -> connected, the choice kept in
 * browser storage, a silent reconnect on load. The adapters come from wallet-adapter-react
 * (which adds Wallet Standard wallets); this provider drives the chosen one itself.
 */
export function WalletStateProvider({ children }: { children: ReactNode }) {
  const { wallets: available } = useAdapterWallets();
  const { toast } = useToast();
  const walletAddress = useAtomValue(walletAddressAtom);
  const setWalletAddress = useSetAtom(setWalletAddressAtom);
  const devWallets = useAtomValue(devWalletsAtom);
  const [active, setActive] = useState<Adapter | null>(null);
  const [connecting, setConnecting] = useState(false);
  const leaving = useRef(false);

  const wallets: WalletOption[] = useMemo(
    () =>
      available.map(({ adapter, readyState }) => ({
        name: adapter.name,
        icon: adapter.icon,
        readyState,
        adapter,
      })),
    [available],
  );

  const reset = useCallback(() => {
    setActive(null);
    setWalletAddress(null);
    clearSavedWallet();
  }, [setWalletAddress]);

  /** Connects an adapter; throws when it yields no public key. */
  const attach = useCallback(
    async (adapter: Adapter, silent: boolean) => {
      setConnecting(true);
      try {
        if (silent) await adapter.autoConnect();
        else await adapter.connect();
        const address = adapter.publicKey?.toBase58();
        if (!address) throw new Error(NO_PUBLIC_KEY);
        setActive(adapter);
        setWalletAddress(address);
        saveWallet(adapter.name, address);
      } catch (error) {
        reset();
        throw error;
      } finally {
        setConnecting(false);
      }
    },
    [reset, setWalletAddress],
  );

  const connect = useCallback(
    async (walletName: string) => {
      const option = wallets.find((w) => w.name === walletName);
      try {
        if (!option) throw new Error(`${walletName} is not available`);
        await attach(option.adapter, false);
        toast({
          title: 'Wallet Connected',
          description: `Successfully connected to ${walletName}`,
        });
      } catch {
        toast({
          title: 'Connection Failed',
          description: 'Failed to connect to wallet',
          variant: 'destructive',
        });
      }
    },
    [attach, toast, wallets],
  );

  const disconnect = useCallback(async () => {
    leaving.current = true;
    try {
      await active?.disconnect();
    } catch {
      // the wallet is dropped either way
    } finally {
      leaving.current = false;
      reset();
      toast({ title: 'Wallet Disconnected' });
    }
  }, [active, reset, toast]);

  useSilentReconnect({ saved: savedWallet, wallets, ready: devWallets !== undefined, attach });

  // The wallet itself can drop the connection or switch accounts.
  useEffect(() => {
    if (!active) return;
    const onDisconnect = () => {
      if (!leaving.current) reset();
    };
    const onConnect = () => {
      const address = active.publicKey?.toBase58();
      if (!address) return reset();
      setWalletAddress(address);
      saveWallet(active.name, address);
    };
    active.on('disconnect', onDisconnect);
    active.on('connect', onConnect);
    return () => {
      active.off('disconnect', onDisconnect);
      active.off('connect', onConnect);
    };
  }, [active, reset, setWalletAddress]);

  const value: WalletContextValue = useMemo(
    () => ({
      wallet: (active && wallets.find((w) => w.adapter === active)) ?? null,
      walletAddress: active ? walletAddress : null,
      connected: active !== null && walletAddress !== null,
      connecting,
      wallets,
      connect,
      disconnect,
    }),
    [active, connect, connecting, disconnect, walletAddress, wallets],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
