import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import type { Adapter } from '@solana/wallet-adapter-base';
import { AppProviders } from '@web/app/providers';
import { routes } from '@web/app/routes';
import { createStore } from '@web/state/jotai';

export interface RenderAppOptions {
  /** Where the app starts, e.g. '/buyer-dashboard' or '/?category=services'. */
  route?: string;
  /** Wallets besides Phantom and Solflare (and dev wallets from the fake API). */
  wallets?: Adapter[];
}

/** The whole app (providers, shell, routes) in a memory router, as a person would see it. */
export function renderApp(options: RenderAppOptions = {}) {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} extraAdapters={options.wallets}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, store, router };
}

/** Opens "Connect Your Wallet" and picks `walletName`; resolves once the address shows. */
export async function connectWallet(
  user: ReturnType<typeof userEvent.setup>,
  walletName = 'Test Wallet',
) {
  await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect Your Wallet' });
  await user.click(await within(dialog).findByRole('button', { name: new RegExp(walletName) }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument(),
  );
}

/** One component inside every app provider and a memory router (for dashboard widgets). */
export function renderWithProviders(ui: ReactNode, options: Omit<RenderAppOptions, 'route'> = {}) {
  const store = createStore();
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} extraAdapters={options.wallets}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, store };
}
