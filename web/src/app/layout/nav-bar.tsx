import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@web/components/ui/button';
import { container } from '@web/components/ui/surface.css';
import { useAtomValue } from '@web/state/jotai';
import { NotificationBell } from '@web/features/notifications';
import { useIsAdmin, userIdAtom } from '@web/features/user';
import { useWallet, WalletButton } from '@web/features/wallet';
import * as styles from './nav-bar.css';

export const BRAND = 'Escrow Market';

/** Spec section 2: Marketplace always; admins see only Admin; other connected wallets see
 * My Purchases and My Listings. */
export function NavBar() {
  const { connected } = useWallet();
  const isAdmin = useIsAdmin();
  const signedIn = useAtomValue(userIdAtom) !== null;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const links = [{ to: '/', label: 'Marketplace' }];
  if (connected && isAdmin) links.push({ to: '/admin-dashboard', label: 'Admin' });
  if (connected && !isAdmin) {
    links.push({ to: '/buyer-dashboard', label: 'My Purchases' });
    links.push({ to: '/seller-dashboard', label: 'My Listings' });
  }

  return (
    <header className={styles.header}>
      <div className={container}>
        <div className={styles.bar}>
          <Link
            to="/"
            className={styles.brand}
            onClick={close}
            aria-label={BRAND}
            data-compact={connected}
          >
            <img className={styles.brandMark} src="/favicon.svg" alt="" width={28} height={28} />
            <span className={styles.brandName}>{BRAND}</span>
          </Link>
          <nav id="main-menu" aria-label="Main" className={styles.links} data-open={open}>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={styles.link} onClick={close}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          {connected && signedIn ? <NotificationBell /> : null}
          <WalletButton />
          <Button
            variant="ghost"
            size="sm"
            className={styles.menuToggle}
            aria-expanded={open}
            aria-controls="main-menu"
            aria-label="Toggle menu"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? '✕' : '☰'}
          </Button>
        </div>
      </div>
    </header>
  );
}
