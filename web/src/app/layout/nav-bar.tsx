import { useEffect, useRef, useState } from 'react';
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
  const toggle = useRef<HTMLButtonElement>(null);
  // The open menu (narrow screens) closes on Escape, giving focus back to its toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

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
          {/* The bell and the wallet open panels and dialogs of their own: the menu closes. */}
          <div className={styles.tools} onClickCapture={close}>
            {connected && signedIn ? <NotificationBell /> : null}
            <WalletButton />
          </div>
          <Button
            ref={toggle}
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
      {/* A tap beside the open menu closes it, and goes no further (it opened a product). */}
      {open ? (
        <div className={styles.menuBackdrop} data-testid="menu-backdrop" onClick={close} />
      ) : null}
    </header>
  );
}
