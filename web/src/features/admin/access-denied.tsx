import { useEffect } from 'react';
import { Link } from 'react-router';
import { useToast } from '@web/components/toast/use-toast';
import * as styles from './admin.css';

/** Spec section 2: the page and the toast a non-admin gets on /admin-dashboard. */
export function AccessDenied() {
  const { toast } = useToast();
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
      <Link to="/">Back to the Marketplace</Link>
    </section>
  );
}
