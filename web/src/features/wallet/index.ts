/*
 * What other features and the app may use of the wallet feature; everything else stays inside it.
 */
export { ConnectDialog } from './connect-dialog';
export { RECONNECT_GRACE_MS } from './use-silent-reconnect';
export { chainConfigAtom, walletAddressAtom } from './wallet-atoms';
export { WalletButton } from './wallet-button';
export { useWallet } from './wallet-context';
export { WalletProvider } from './wallet-provider';
export { savedWallet } from './wallet-storage';
