import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWalletAdapter } from '../fake-wallet';
import { adminKeys, api, buyerKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation bar', () => {
  it('shows only Marketplace to a visitor without a wallet', async () => {
    renderApp();
    expect(await screen.findByRole('link', { name: 'Marketplace' })).toBeInTheDocument();
    expect(linkNames()).toEqual(['Marketplace']);
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('shows My Purchases and My Listings to a connected non-admin', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    await waitFor(() =>
      expect(linkNames()).toEqual(['Marketplace', 'My Purchases', 'My Listings']),
    );
  });

  it('shows only Admin (besides Marketplace) to a connected admin', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(adminKeys)] });
    await connectWallet(user);
    await waitFor(() => expect(linkNames()).toEqual(['Marketplace', 'Admin']));
    expect(api.state.admins.has(adminKeys.publicKey.toBase58())).toBe(true);
  });
});
