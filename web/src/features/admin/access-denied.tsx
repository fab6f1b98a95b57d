import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { ConnectDialog, useWallet } from '@web/features/wallet';
import * as styles from './admin.css';

/**
 * Spec section 2: the page and the toast a non-admin gets on /admin-dashboard. A visitor with
 * no wallet connected may be an admin who has not connected yet: the page offers the wallets.
 */
export function AccessDenied() {
  const { toast } = useToast();
  const { connected } = useWallet();
  const [choosing, setChoosing] = useState(false);
  useEffect(() => {
    toast({
      title: 'Access Denied',
      description: 'Admin privileges required to access this page.',
      variant: 'destructive',
    });
  }, [toast]);
  return (
    <section className={styles.denied} aria-labelledby="denied-title">
      <h1 id="denied-title" className={styles.itemTitle} style={{ fontSize: 26 }}>
        Access Denied
      </h1>
      <p>You don&apos;t have permission to access this page.</p>
      {connected ? null : (
        <>
          <p>An admin? Connect the admin wallet.</p>
          <Button onClick={() => setChoosing(true)}>Choose a wallet</Button>
          <ConnectDialog open={choosing} onOpenChange={setChoosing} />
        </>
      )}
      <Link to="/">Back to the Marketplace</Link>
    </section>
  );
}
