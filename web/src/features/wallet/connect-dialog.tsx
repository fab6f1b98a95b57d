import { WalletReadyState } from '@solana/wallet-adapter-base';
import { Modal } from '@web/components/ui/modal';
import { useWallet, type WalletOption } from './wallet-context';
import * as styles from './connect-dialog.css';

const hint = (option: WalletOption) => {
  // The local chain's demo wallets (dev-wallet-adapter.ts) sign in the page: nothing to install.
  if ('demo' in option.adapter) return 'Demo wallet · local chain';
  if (option.readyState === WalletReadyState.Installed) return 'Detected';
  if (option.readyState === WalletReadyState.NotDetected) return 'Not installed: opens its website';
  // Solflare without its extension: its adapter loads Solflare's web wallet in a window.
  if (option.readyState === WalletReadyState.Loadable) return 'Not installed: opens its web wallet';
  return null;
};

/** "Connect Your Wallet": every available wallet by name and icon. */
export function ConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { wallets, connect, connecting } = useWallet();

  const choose = (option: WalletOption) => {
    onOpenChange(false);
    if (option.readyState === WalletReadyState.NotDetected) {
      window.open(option.adapter.url, '_blank', 'noopener,noreferrer');
      return;
    }
    void connect(option.name);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Connect Your Wallet" size="sm">
      <ul className={styles.list}>
        {wallets.map((option) => (
          <li key={option.name}>
            <button
              type="button"
              className={styles.option}
              onClick={() => choose(option)}
              disabled={connecting}
            >
              <img className={styles.icon} src={option.icon} alt="" width={32} height={32} />
              <span className={styles.name}>{option.name}</span>
              {hint(option) ? <span className={styles.hint}>{hint(option)}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        Your wallet only signs what you approve. Payments wait in escrow until delivery is
        confirmed.
      </p>
    </Modal>
  );
}
