import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@web/components/toast/toaster';
import { useToast } from '@web/components/toast/use-toast';
import { createStore, JotaiProvider } from '@web/state/jotai';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';

describe('routes', () => {
  it('shows 404 Page Not Found for an unknown path', async () => {
    renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it.each(['/buyer-dashboard', '/seller-dashboard', '/admin-dashboard'])(
    'lazy-loads %s instead of the marketplace or the 404 page',
    async (route) => {
      renderApp({ route });
      await waitFor(() => expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument());
      expect(await screen.findByRole('main')).not.toBeEmptyDOMElement();
      expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
      expect(screen.queryByPlaceholderText('Search products...')).not.toBeInTheDocument();
    },
  );

  it('collapses the menu on mobile behind a toggle', async () => {
    const { user } = renderApp();
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    await user.click(within(nav).getByRole('link', { name: 'Marketplace' }));
    expect(nav).toHaveAttribute('data-open', 'false');
  });

  it('closes the open menu on Escape (focus back on its toggle) and on a tap beside it', async () => {
    const { user } = renderApp();
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(toggle);
    within(nav).getByRole('link', { name: 'Marketplace' }).focus();
    await user.keyboard('{Escape}');
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeInTheDocument();
  });

  it('signs in with a dev wallet of the local chain (real key, real signature)', async () => {
    api.state.devWallets = [
      {
        label: 'Demo Buyer',
        role: 'buyer',
        publicKey: buyerKeys.publicKey.toBase58(),
        secretKey: Array.from(buyerKeys.secretKey),
      },
    ];
    const { user } = renderApp();
    await connectWallet(user, 'Demo Buyer');
    await waitFor(() => expect(api.state.sessionWallet).toBe(buyerKeys.publicKey.toBase58()));
    expect(screen.getByText('Successfully connected to Demo Buyer')).toBeInTheDocument();
  });
});

function ToastButtons() {
  const { toast } = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'First', description: 'one' })}>first</button>
      <button onClick={() => toast({ title: 'Second', variant: 'destructive' })}>second</button>
    </>
  );
}

describe('toasts', () => {
  const setup = () =>
    render(
      <JotaiProvider store={createStore()}>
        <ToastProvider>
          <ToastButtons />
        </ToastProvider>
      </JotaiProvider>,
    );

  it('shows one toast at a time; a new one replaces the old', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
    expect(screen.getByText('Second').closest('li')).toHaveAttribute('data-variant', 'destructive');
  });

  it('closes after 5000 ms', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 4500)));
    expect(screen.getByText('First')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument(), {
      timeout: 1500,
    });
  });

  it('F8 focuses the notification region', async () => {
    setup();
    const region = screen.getByRole('region', { name: /Notifications \(F8\)/ });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
  });

  it('closes from its close button', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    const toast = (await screen.findByText('First')).closest('li')!;
    fireEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });
});

describe('the wallet keeps its address short in the bar', () => {
  it('shows first 4 ... last 4 and a compact first 6 ...', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    const address = buyerKeys.publicKey.toBase58();
    const shown = screen.getByTitle(address);
    expect(
      within(shown).getByText(`${address.slice(0, 4)}...${address.slice(-4)}`),
    ).toBeInTheDocument();
    expect(within(shown).getByText(`${address.slice(0, 6)}...`)).toBeInTheDocument();
  });
});
