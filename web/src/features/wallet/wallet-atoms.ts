import { getConfig, type ChainConfig } from '@web/api/get-config';
import type { DevWallet } from '@src/contracts/meta';
import { getDevWallets } from '@web/api/get-dev-wallets';
import { atom, unwrap } from '@web/state/jotai';

const walletAddress = atom<string | null>(null);

/** The connected wallet's base58 address (null when none); written only by WalletProvider. */
export const walletAddressAtom = atom((get) => get(walletAddress));
export const setWalletAddressAtom = atom(null, (_get, set, address: string | null) =>
  set(walletAddress, address),
);

const configRequest = atom(() => getConfig().catch((): ChainConfig | null => null));
/** GET /api/config: cluster, RPC URL and escrow wallet; null while loading or on failure. */
export const chainConfigAtom = unwrap(configRequest, (previous) => previous ?? null);

const devWalletsRequest = atom(() => getDevWallets().catch((): DevWallet[] => []));
/** Dev wallets of the local chain; undefined while loading, [] when there are none. */
export const devWalletsAtom = unwrap(devWalletsRequest, (previous) => previous ?? undefined);
