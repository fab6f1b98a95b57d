import { useState, type ReactNode } from 'react';
import type { User } from '@src/domain/entities';
import { SkeletonRows } from '@web/components/dashboard/load-states';
import * as styles from '@web/components/dashboard/dashboard.css';
import { Button } from '@web/components/ui/button';
import { ConnectDialog, useWallet } from '@web/features/wallet';
import { useUser } from './user-context';

/**
 * Renders `children` once a wallet is connected and signed in; otherwise says plainly what is
 * missing (a wallet, a signature) and offers to do it. `purpose` completes "Connect your wallet
 * to ...".
 */
export function SignedInGate({
  purpose,
  header,
  children,
}: {
  purpose: string;
  /** Shown above the notice while not signed in (the page's title). */
  header?: ReactNode;
  children: (user: User) => ReactNode;
}) {
  const { connected } = useWallet();
  const { user } = useUser();
  const [choosing, setChoosing] = useState(false);

  if (connected && user) return <>{children(user)}</>;
  return (
    <>
      {header}
      <Notice purpose={purpose} choosing={choosing} setChoosing={setChoosing} />
    </>
  );
}

function Notice({
  purpose,
  choosing,
  setChoosing,
}: {
  purpose: string;
  choosing: boolean;
  setChoosing: (open: boolean) => void;
}) {
  const { connected, connecting } = useWallet();
  const { isLoading, error, signInStatus, signIn } = useUser();
  if (connecting || (connected && (isLoading || signInStatus === 'checking'))) {
    return <SkeletonRows label="Loading your account" />;
  }
  if (!connected) {
    return (
      <section className={styles.notice} aria-labelledby="gate-title">
        <h2 id="gate-title" className={styles.noticeTitle}>
          Connect your wallet
        </h2>
        <p>Connect your wallet to {purpose}. Your wallet is your account: no sign-up needed.</p>
        <Button onClick={() => setChoosing(true)}>Choose a wallet</Button>
        <ConnectDialog open={choosing} onOpenChange={setChoosing} />
      </section>
    );
  }
  if (signInStatus === 'needed' || signInStatus === 'signing') {
    return (
      <section className={styles.notice} aria-labelledby="gate-title">
        <h2 id="gate-title" className={styles.noticeTitle}>
          Sign in with your wallet
        </h2>
        <p>
          Your wallet is connected but not signed in. Sign in to {purpose}. Signing costs nothing
          and sends no transaction.
        </p>
        <Button onClick={() => void signIn()} disabled={signInStatus === 'signing'}>
          {signInStatus === 'signing' ? 'Waiting for your wallet...' : 'Sign in with wallet'}
        </Button>
      </section>
    );
  }
  return (
    <section className={styles.notice} role="alert">
      <h2 className={styles.noticeTitle}>Your account could not be loaded</h2>
      <p>{error ?? 'Please reconnect your wallet and try again.'}</p>
    </section>
  );
}
