import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useUser } from '@web/features/user/user-context';
import { useWallet } from '@web/features/wallet/wallet-context';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, buyerUser, sellerKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { server } from '../setup';

const REASON = /Buying and listing need a one-time signature/;

/** A wallet the browser remembers from an earlier visit (spec section 4's stored keys). */
const remember = (address: string) => {
  localStorage.setItem('solana-wallet', 'Test Wallet');
  localStorage.setItem('solana-address', address);
};

describe('sign-in with the wallet', () => {
  it('does not ask a visitor with no remembered wallet for a session', async () => {
    const asked = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/auth/session')) asked();
    });
    renderApp();
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    await screen.findAllByTestId('product-card').catch(() => undefined);
    expect(asked).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('signs the server challenge after connecting and opens a session', async () => {
    const wallet = new FakeWalletAdapter(buyerKeys);
    const { user } = renderApp({ wallets: [wallet] });
    await connectWallet(user);
    await waitFor(() => expect(api.state.sessionWallet).toBe(buyerKeys.publicKey.toBase58()));
    expect(new TextDecoder().decode(wallet.signedMessages[0])).toContain('Nonce: ');
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });

  it('keeps browsing working when the signature is declined, and offers Sign in', async () => {
    const wallet = new FakeWalletAdapter(buyerKeys, { declineSignMessage: true });
    const { user } = renderApp({ wallets: [wallet] });
    await connectWallet(user);
    expect(await screen.findByText(REASON)).toBeInTheDocument();
    expect(screen.getByText('Sign in to buy or sell')).toBeInTheDocument();
    expect(api.state.sessionWallet).toBeNull();
    wallet.options.declineSignMessage = false;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByText(REASON)).not.toBeInTheDocument());
    expect(api.state.sessionWallet).toBe(buyerKeys.publicKey.toBase58());
  });

  it('reuses a session of the same wallet after a reload: no signature, user read', async () => {
    api.state.sessionWallet = buyerKeys.publicKey.toBase58();
    remember(buyerKeys.publicKey.toBase58());
    const lookups = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/users/wallet/')) lookups(request.url);
    });
    const wallet = new FakeWalletAdapter(buyerKeys);
    renderApp({ wallets: [wallet] });
    await waitFor(() => expect(lookups).toHaveBeenCalledOnce());
    expect(wallet.signedMessages).toHaveLength(0);
    server.events.removeAllListeners();
  });

  it('signs in again when the session belongs to another wallet', async () => {
    api.state.sessionWallet = sellerKeys.publicKey.toBase58();
    remember(buyerKeys.publicKey.toBase58());
    const wallet = new FakeWalletAdapter(buyerKeys);
    renderApp({ wallets: [wallet] });
    await waitFor(() => expect(api.state.sessionWallet).toBe(buyerKeys.publicKey.toBase58()));
    expect(wallet.signedMessages).toHaveLength(1);
  });

  it('creates the user with an empty username when the lookup finds none', async () => {
    api.state.sessionWallet = buyerKeys.publicKey.toBase58();
    api.state.users = api.state.users.filter((u) => u.id !== buyerUser.id);
    remember(buyerKeys.publicKey.toBase58());
    renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await waitFor(() =>
      expect(
        api.state.users.find((u) => u.walletAddress === buyerUser.walletAddress),
      ).toMatchObject({
        username: '',
      }),
    );
  });

  it('says Failed to create user account when creating fails', async () => {
    api.state.sessionWallet = buyerKeys.publicKey.toBase58();
    api.state.users = api.state.users.filter((u) => u.id !== buyerUser.id);
    server.use(
      http.post('/api/users', () => HttpResponse.json({ error: 'nope' }, { status: 500 })),
    );
    remember(buyerKeys.publicKey.toBase58());
    renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    expect(await screen.findByText('Failed to create user account')).toBeInTheDocument();
  });
});

describe('developer errors outside the providers', () => {
  const Probe = ({ hook }: { hook: () => unknown }) => {
    hook();
    return null;
  };

  it('useWallet must be used within a WalletProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe hook={useWallet} />)).toThrow(
      'useWallet must be used within a WalletProvider',
    );
  });

  it('useUser must be used within a UserProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe hook={useUser} />)).toThrow(
      'useUser must be used within a UserProvider',
    );
  });
});
