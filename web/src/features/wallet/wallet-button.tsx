import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { formatSol } from '@src/domain/money';
import { compactAddress, shortAddress } from '@web/lib/format-address';
import { ConnectDialog } from './connect-dialog';
import { useSolBalance } from './use-sol-balance';
import { useWallet } from './wallet-context';
import * as styles from './wallet-button.css';

/**
 * The bar's balance is cut to 0.01 SOL, never rounded up: 1.749995 SOL shows 1.74, not 1.75,
 * so nobody reads it as enough for a 1.75 SOL item (the exact figure is its title).
 */
const CENTI_SOL = 10_000_000n;

/** Connect Wallet (opens the dialog), or the balance, the shortened address and Disconnect. */
export function WalletButton() {
  const { connected, connecting, walletAddress, disconnect } = useWallet();
  const [open, setOpen] = useState(false);
  const balance = useSolBalance(connected ? walletAddress : null);

  if (connected && walletAddress) {
    return (
      <div className={styles.account}>
        {balance !== null && (
          <span
            className={styles.balance}
            title={`Balance: ${formatSol(balance)} SOL`}
            aria-label={`Balance: ${formatSol(balance)} SOL`}
            data-testid="wallet-balance"
          >
            {formatSol(balance - (balance % CENTI_SOL), 2)} SOL
          </span>
        )}
        <span className={styles.address} title={walletAddress}>
          <span className={styles.desktopOnly}>{shortAddress(walletAddress)}</span>
          <span className={styles.mobileOnly}>{compactAddress(walletAddress)}</span>
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-label="Disconnect"
          title="Disconnect"
          onClick={() => void disconnect()}
        >
          <span className={styles.desktopOnly}>Disconnect</span>
          {/* Lucide's LogOut: the arrow leaves the door (LogIn's went into it). */}
          <svg
            className={styles.mobileOnly}
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
          >
            <path
              d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Button>
      </div>
    );
  }
  return (
    <>
      {/* "Connect" on a phone, so the bar keeps the brand's name on one row; same name. */}
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        disabled={connecting}
        aria-label={connecting ? undefined : 'Connect Wallet'}
      >
        {connecting ? (
          'Connecting...'
        ) : (
          <span>
            Connect<span className={styles.desktopOnly}> Wallet</span>
          </span>
        )}
      </Button>
      <ConnectDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
