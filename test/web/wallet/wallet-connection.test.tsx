import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, sellerKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';

const address = buyerKeys.publicKey.toBase58();

describe('wallet connection', () => {
  it('lists Phantom, Solflare and the dev wallets by name and icon', async () => {
    api.state.devWallets = [
      {
        label: 'Demo Buyer',
        role: 'buyer',
        publicKey: address,
        secretKey: Array.from(buyerKeys.secretKey),
      },
      {
        label: 'Demo Seller',
        role: 'seller',
        publicKey: sellerKeys.publicKey.toBase58(),
        secretKey: Array.from(sellerKeys.secretKey),
      },
    ];
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Your Wallet' });
    await waitFor(() =>
      expect(within(dialog).getAllByRole('button', { name: /Demo/ })).toHaveLength(2),
    );
    const names = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(names).toEqual(['Phantom', 'Solflare', 'Demo Buyer', 'Demo Seller']);
    // A demo wallet signs in the page: nothing to install, unlike a web wallet.
    expect(within(dialog).getByRole('button', { name: /Demo Buyer/ })).toHaveTextContent(
      'Demo Buyer' + 'Demo wallet · local chain',
    );
    for (const item of within(dialog).getAllByRole('listitem')) {
      expect(item.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\//);
    }
  });

  it('offers no dev wallets when the server has none (404)', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Your Wallet' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
  });

  it('connects, shows the shortened address, saves the choice and toasts', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    expect(screen.getByText(`${address.slice(0, 4)}...${address.slice(-4)}`)).toBeInTheDocument();
    expect(screen.getByText(`${address.slice(0, 6)}...`)).toBeInTheDocument();
    expect(await screen.findByText('Wallet Connected')).toBeInTheDocument();
    expect(screen.getByText('Successfully connected to Test Wallet')).toBeInTheDocument();
    expect(localStorage.getItem('solana-wallet')).toBe('Test Wallet');
    expect(localStorage.getItem('solana-address')).toBe(address);
  });

  it('disconnects: clears the saved values, ends the session and toasts', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    await waitFor(() => expect(api.state.sessionWallet).toBe(address));
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Wallet Disconnected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(localStorage.getItem('solana-wallet')).toBeNull();
    expect(localStorage.getItem('solana-address')).toBeNull();
    await waitFor(() => expect(api.state.sessionWallet).toBeNull());
  });

  it('draws Disconnect on a phone as Lucide’s LogOut: the arrow leaves the door', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    const icon = screen.getByRole('button', { name: 'Disconnect' }).querySelector('svg path');
    // The door on the left, the arrow from its middle out to the right (LogIn points inwards).
    expect(icon?.getAttribute('d')).toBe(
      'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
    );
  });

  it('toasts Connection Failed when the wallet refuses', async () => {
    const { user } = renderApp({
      wallets: [new FakeWalletAdapter(buyerKeys, { failConnect: true })],
    });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await user.click(await screen.findByRole('button', { name: /Test Wallet/ }));
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to connect to wallet')).toBeInTheDocument();
    expect(screen.getByText('Connection Failed').closest('li')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(localStorage.getItem('solana-wallet')).toBeNull();
  });

  it('fails and resets when the wallet yields no public key', async () => {
    const { user } = renderApp({
      wallets: [new FakeWalletAdapter(buyerKeys, { noPublicKey: true })],
    });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await user.click(await screen.findByRole('button', { name: /Test Wallet/ }));
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(localStorage.getItem('solana-address')).toBeNull();
  });

  it('reconnects silently on load from the saved wallet', async () => {
    localStorage.setItem('solana-wallet', 'Test Wallet');
    localStorage.setItem('solana-address', address);
    api.state.sessionWallet = address;
    const wallet = new FakeWalletAdapter(buyerKeys);
    renderApp({ wallets: [wallet] });
    expect(await screen.findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(screen.queryByText('Wallet Connected')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'My Purchases' })).toBeInTheDocument(),
    );
    expect(wallet.signedMessages).toHaveLength(0);
  });

  it('clears the saved values when the silent reconnect fails', async () => {
    localStorage.setItem('solana-wallet', 'Test Wallet');
    localStorage.setItem('solana-address', address);
    renderApp({ wallets: [new FakeWalletAdapter(buyerKeys, { failConnect: true })] });
    await waitFor(() => expect(localStorage.getItem('solana-wallet')).toBeNull());
    expect(localStorage.getItem('solana-address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('shows the wallet’s balance in the bar, cut to 0.01 SOL, with the exact figure as its title', async () => {
    api.state.chain.balance = 9_629_965_000;
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    expect(screen.queryByTestId('wallet-balance')).toBeNull();
    await connectWallet(user);
    const balance = await screen.findByTestId('wallet-balance');
    expect(balance).toHaveTextContent('9.62 SOL'); // never rounded up past what it holds
    expect(balance).toHaveAttribute('title', 'Balance: 9.629965 SOL');
  });
});
