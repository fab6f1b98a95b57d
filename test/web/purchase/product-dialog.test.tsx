import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@src/domain/entities';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, makeProduct } from '../handlers';
import { ProductDialog } from '@web/features/product/product-dialog';
import { connectWallet, renderApp, renderWithProviders } from '../render';

async function openProduct(product: Product, connect = false) {
  api.state.products = [product];
  const view = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
  if (connect) {
    await connectWallet(view.user);
    await waitFor(() => expect(api.state.sessionWallet).not.toBeNull());
  }
  await view.user.click(within(await screen.findByTestId('product-card')).getByRole('button'));
  const dialog = await screen.findByRole('dialog', { name: product.name });
  return { ...view, dialog };
}

describe('product detail dialog', () => {
  it('shows every image, the facts, the contact badges, price, available count and status', async () => {
    const { dialog } = await openProduct(
      makeProduct({
        name: 'Vinyl set',
        images: ['/uploads/1.jpg', '/uploads/2.jpg', '/uploads/3.jpg'],
        requiresEmail: true,
        requiresAddress: true,
        requiresName: true,
        quantity: 4,
        soldQuantity: 1,
        price: '3.20',
        condition: 'good',
        location: 'Madrid',
      }),
    );
    const d = within(dialog);
    expect(d.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/1.jpg',
      '/uploads/2.jpg',
      '/uploads/3.jpg',
    ]);
    for (const text of [
      'Email Required',
      'Shipping Address Required',
      'Full Name Required',
      'ACTIVE',
    ]) {
      expect(d.getByText(text)).toBeInTheDocument();
    }
    expect(d.getByText('3.20 SOL')).toBeInTheDocument();
    expect(d.getByText('Good')).toBeInTheDocument();
    expect(d.getByText('Madrid')).toBeInTheDocument();
    expect(d.getByText('Available').nextElementSibling).toHaveTextContent('3');
  });

  it('shows no contact badges when nothing is required', async () => {
    const { dialog } = await openProduct(makeProduct());
    expect(within(dialog).queryByText(/Required$/)).not.toBeInTheDocument();
  });

  it('disables Buy Now with SOL while no wallet is connected', async () => {
    const { dialog } = await openProduct(makeProduct());
    expect(within(dialog).getByRole('button', { name: 'Buy Now with SOL' })).toBeDisabled();
    expect(within(dialog).getByText('Connect your wallet to buy.')).toBeInTheDocument();
  });

  it('lets a visitor connect from the dialog and puts them back on Buy Now, ready to pay', async () => {
    const { dialog, user } = await openProduct(makeProduct({ name: 'Lamp' }));
    await user.click(within(dialog).getByRole('button', { name: 'Connect Wallet' }));
    const connect = await screen.findByRole('dialog', { name: 'Connect Your Wallet' });
    await user.click(await within(connect).findByRole('button', { name: /Test Wallet/ }));
    const product = screen.getByRole('dialog', { name: 'Lamp' });
    const buy = within(product).getByRole('button', { name: 'Buy Now with SOL' });
    await waitFor(() => expect(buy).toBeEnabled());
    await waitFor(() => expect(buy).toHaveFocus());
    expect(within(product).queryByText('Connect your wallet to buy.')).toBeNull();
  });

  it('gives focus back to the card that opened it when it closes', async () => {
    api.state.products = [makeProduct({ name: 'Clock' })];
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Clock' }));
    expect(await screen.findByRole('dialog', { name: 'Clock' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clock' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Clock' })).toHaveFocus();
  });

  it('moves focus to the first contact field that Buy Now reveals', async () => {
    const { dialog, user } = await openProduct(makeProduct({ requiresEmail: true }), true);
    const buy = within(dialog).getByRole('button', { name: 'Buy Now with SOL' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    await waitFor(() => expect(within(dialog).getByLabelText('Email Address')).toHaveFocus());
  });

  it('enables the buy button once connected, signed in and the seller is loaded', async () => {
    const { dialog } = await openProduct(makeProduct(), true);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Buy Now with SOL' })).toBeEnabled(),
    );
  });

  it('keeps it disabled when the wallet has not signed in (no user id)', async () => {
    api.state.products = [makeProduct({ name: 'Lamp' })];
    const { user } = renderApp({
      wallets: [new FakeWalletAdapter(buyerKeys, { declineSignMessage: true })],
    });
    await connectWallet(user);
    await screen.findByText('Sign in to buy or sell');
    await user.click(within(await screen.findByTestId('product-card')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Lamp' });
    expect(within(dialog).getByRole('button', { name: 'Buy Now with SOL' })).toBeDisabled();
  });

  it('keeps it disabled when the seller cannot be loaded', async () => {
    const { dialog } = await openProduct(makeProduct({ sellerId: 4242 }), true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(dialog).getByRole('button', { name: 'Buy Now with SOL' })).toBeDisabled();
  });

  it('says Sold Out for a sold product, with the SOLD OUT badge', async () => {
    const { dialog } = await openProduct(makeProduct({ status: 'sold', soldQuantity: 3 }), true);
    expect(within(dialog).getByText('SOLD OUT')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  });

  it('says No Longer Available for a deleted product, with the DELETED badge', async () => {
    const product = makeProduct({ status: 'deleted' });
    api.state.products = [product];
    // deleted products leave the marketplace; a dashboard can still open them
    renderWithProviders(<ProductDialog product={product} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: product.name });
    expect(within(dialog).getByText('DELETED')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No Longer Available' })).toBeDisabled();
  });
});
