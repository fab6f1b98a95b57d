import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LiveUpdates } from '@web/features/live';
import { SignInBanner } from '@web/features/user';
import { PageLoading } from './page-loading';
import { NavBar } from './nav-bar';
import * as styles from './app-layout.css';

/** The shell around every route: navigation, live updates, the sign-in banner, then the page. */
export function AppLayout() {
  return (
    <div className={styles.page}>
      <NavBar />
      <LiveUpdates />
      <SignInBanner />
      <main className={styles.main}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        Payments are held in escrow and released to the seller after delivery is verified.
      </footer>
    </div>
  );
}
