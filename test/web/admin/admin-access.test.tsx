import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, buyerKeys } from '../handlers';
import { renderApp } from '../render';
import { server } from '../setup';
import { installAdminApi } from './admin-handlers';
import { openAdminDashboard } from './open-admin-dashboard';

installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

async function expectDenied() {
  expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  const toast = (await screen.findByText('Admin privileges required to access this page.')).closest(
    'li',
  )!;
  expect(within(toast).getByText('Access Denied')).toBeInTheDocument();
  expect(toast).toHaveAttribute('data-variant', 'destructive');
}

describe('admin dashboard access', () => {
  it('denies a visitor without a wallet, with the page and the toast', async () => {
    renderApp({ route: '/admin-dashboard' });
    await expectDenied();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // An admin who has not connected yet can do it from here.
    await userEvent.click(screen.getByRole('button', { name: 'Choose a wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeInTheDocument();
  });

  it('denies a connected wallet that is not an admin and never calls the admin API', async () => {
    const adminCalls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (
        new URL(request.url).pathname.startsWith('/api/admin/') &&
        !request.url.includes('/check/')
      ) {
        adminCalls.push(request.url);
      }
    });
    await openAdminDashboard(buyerKeys);
    await expectDenied();
    expect(screen.queryByRole('button', { name: 'Choose a wallet' })).not.toBeInTheDocument();
    expect(adminCalls).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows admins the Admin badge and the two tabs, without a denied flash while the check runs', async () => {
    let checks = 0;
    server.use(
      http.get('/api/admin/check/:wallet', async ({ params }) => {
        checks += 1;
        await new Promise((r) => setTimeout(r, 200));
        return HttpResponse.json({ isAdmin: api.state.admins.has(params.wallet as string) });
      }),
    );
    await openAdminDashboard();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Product Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Escrow Management' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    await waitFor(() => expect(checks).toBeGreaterThan(0));
  });
});
