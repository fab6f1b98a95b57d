import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noteAdminCheck } from '@web/api/early';
import { startEarlyRequests } from '@web/app/early-requests';
import { FakeWalletAdapter } from '../fake-wallet';
import { adminKeys, api, buyerKeys, makeProduct } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { server } from '../setup';
import { installAdminApi } from './admin-handlers';

installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));
afterEach(() => server.events.removeAllListeners());

const admin = adminKeys.publicKey.toBase58();

/** The browser remembers the admin's wallet from an earlier visit (spec section 3). */
const remember = (address = admin) => {
  localStorage.setItem('solana-wallet', 'Test Wallet');
  localStorage.setItem('solana-address', address);
};

/** The paths of the API requests the page sends, in the order they leave. */
function watchRequests() {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) sent.push(url.pathname);
  });
  return sent;
}

/** Holds every answer of `path` until the returned function is called, then lets it through. */
function hold(path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Answering nothing passes the request on to the default handler.
  server.use(http.get(path, () => released.then(() => undefined)));
  return release;
}

/** A reload of /admin-dashboard as main.tsx starts it: the early requests, then the app. */
function reloadAdminDashboard(keys = adminKeys) {
  startEarlyRequests('/admin-dashboard');
  return renderApp({ route: '/admin-dashboard', wallets: [new FakeWalletAdapter(keys)] });
}

describe('reloading Admin Product Management', () => {
  it('asks for the product list once the session answers, before the user and admin check do, and only once', async () => {
    api.state.sessionWallet = admin;
    api.state.products = [makeProduct({ id: 7, name: 'Walnut desk' })];
    remember();
    const sent = watchRequests();
    const releaseUser = hold('/api/users/wallet/:wallet');
    const releaseCheck = hold('/api/admin/check/:wallet');

    reloadAdminDashboard();
    await waitFor(() => expect(sent).toContain('/api/admin/products'));
    expect(screen.queryByRole('article', { name: 'Walnut desk' })).not.toBeInTheDocument();
    releaseUser();
    releaseCheck();

    expect(await screen.findByRole('article', { name: 'Walnut desk' })).toBeInTheDocument();
    expect(sent.filter((p) => p === '/api/admin/products')).toHaveLength(1);
    expect(sent.filter((p) => p === '/api/auth/session')).toHaveLength(1);
    expect(sent.filter((p) => p.startsWith('/api/users/wallet/'))).toHaveLength(1);
  });

  it('asks at once, before the session answers, when the wallet was an admin on its last check', async () => {
    api.state.sessionWallet = admin;
    api.state.products = [makeProduct({ id: 7, name: 'Walnut desk' })];
    remember();
    noteAdminCheck(admin, true);
    const sent = watchRequests();
    const releaseSession = hold('/api/auth/session');

    reloadAdminDashboard();
    await waitFor(() => expect(sent).toContain('/api/admin/products'));
    releaseSession();

    expect(await screen.findByRole('article', { name: 'Walnut desk' })).toBeInTheDocument();
    expect(sent.filter((p) => p === '/api/admin/products')).toHaveLength(1);
  });

  it('asks for the list only after signing in when there is no session yet', async () => {
    api.state.products = [makeProduct({ id: 7, name: 'Walnut desk' })];
    remember();
    const sent = watchRequests();

    reloadAdminDashboard();

    expect(await screen.findByRole('article', { name: 'Walnut desk' })).toBeInTheDocument();
    expect(api.state.sessionWallet).toBe(admin);
    expect(sent.filter((p) => p === '/api/admin/products')).toHaveLength(1);
    expect(sent.indexOf('/api/admin/products')).toBeGreaterThan(sent.indexOf('/api/auth/verify'));
  });

  it('never asks for the admin list for a signed-in wallet that is not an admin', async () => {
    const buyer = buyerKeys.publicKey.toBase58();
    api.state.sessionWallet = buyer;
    remember(buyer);
    const sent = watchRequests();

    reloadAdminDashboard(buyerKeys);

    expect(await screen.findByText("You don't have permission to access this page.")).toBeVisible();
    expect(sent).not.toContain('/api/admin/products');
  });

  it('checks the wallet for admin once, for the nav and the page together', async () => {
    const sent = watchRequests();
    const { user } = renderApp({
      route: '/admin-dashboard',
      wallets: [new FakeWalletAdapter(adminKeys)],
    });
    await connectWallet(user);
    expect(await screen.findByRole('tab', { name: 'Product Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(sent.filter((p) => p.startsWith('/api/admin/check/'))).toHaveLength(1);
  });
});
