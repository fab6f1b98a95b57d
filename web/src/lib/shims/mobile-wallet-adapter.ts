import {
  BaseWalletAdapter,
  WalletNotReadyError,
  WalletReadyState,
  type WalletName,
} from '@solana/wallet-adapter-base';

/**
 * Build-time stand-in for @solana-mobile/wallet-adapter-mobile (see vite.config.ts). The real
 * package (Mobile Wallet Adapter protocol, QR codes: ~45 kB gzip) is imported unconditionally by
 * wallet-adapter-react but used only by Android browsers talking to a wallet app. The spec
 * supports Phantom and Solflare, which phones reach through the wallets' in-app browsers
 * (Wallet Standard), so this adapter reports itself Unsupported and is never listed.
 */
export const SolanaMobileWalletAdapterWalletName = 'Mobile Wallet Adapter' as WalletName;

export class SolanaMobileWalletAdapter extends BaseWalletAdapter {
  readonly name = SolanaMobileWalletAdapterWalletName;
  readonly url = 'https://solanamobile.com/wallets';
  readonly icon = '';
  readonly readyState = WalletReadyState.Unsupported;
  readonly publicKey = null;
  readonly connecting = false;
  readonly supportedTransactionVersions = null;

  constructor(_config?: unknown) {
    super();
  }

  async connect(): Promise<void> {
    throw new WalletNotReadyError('Mobile Wallet Adapter is not included in this build');
  }

  async disconnect(): Promise<void> {}

  async sendTransaction(): Promise<never> {
    throw new WalletNotReadyError('Mobile Wallet Adapter is not included in this build');
  }
}

export const createDefaultAddressSelector = () => ({
  select: async (addresses: string[]) => addresses[0],
});
export const createDefaultAuthorizationResultCache = () => ({
  clear: async () => undefined,
  get: async () => undefined,
  set: async () => undefined,
});
export const createDefaultWalletNotFoundHandler = () => async () => undefined;
