import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { compactAddress, shortAddress } from '../../lib/format-address';
import { ConnectDialog } from './connect-dialog';
import { useWallet } from './wallet-context';
import * as styles from '../../app/layout/nav-bar.css';

/** Connect Wallet (opens the dialog), or the shortened address and Disconnect. */
export function WalletButton() {
  const { connected, connecting, walletAddress, disconnect } = useWallet();
  const [open, setOpen] = useState(false);

  if (connected && walletAddress) {
    return (
      <div className={styles.account}>
        <span className={styles.address} title={walletAddress}>
          <span className={styles.desktopOnly}>{shortAddress(walletAddress)}</span>
          <span className={styles.mobileOnly}>{compactAddress(walletAddress)}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={() => void disconnect()}>
          Disconnect
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={connecting}>
        {connecting ? 'Connecting...' : 'Connect Wallet'}
      </Button>
      <ConnectDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
