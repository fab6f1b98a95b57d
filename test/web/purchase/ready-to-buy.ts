import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Product } from '@src/domain/entities';
import { FakeWalletAdapter, type FakeWalletOptions } from '../fake-wallet';
import { api, buyerKeys, buyerUser } from '../handlers';
import { connectWallet, renderApp } from '../render';

/** The marketplace with `product` alone, the buyer's wallet connected, its dialog open. */
export async function openAsBuyer(product: Product, options: FakeWalletOptions = {}) {
  api.state.products = [product];
  const wallet = new FakeWalletAdapter(buyerKeys, options);
  const view = renderApp({ wallets: [wallet] });
  await connectWallet(view.user);
  await waitFor(() => expect(api.state.sessionWallet).toBe(buyerUser.walletAddress));
  await view.user.click(within(await screen.findByTestId('product-card')).getByRole('button'));
  const dialog = within(await screen.findByRole('dialog', { name: product.name }));
  return { ...view, dialog, wallet };
}

/** As `openAsBuyer`, once the dialog's buy button can be pressed. */
export async function readyToBuy(product: Product, options: FakeWalletOptions = {}) {
  const opened = await openAsBuyer(product, options);
  await waitFor(() =>
    expect(opened.dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeEnabled(),
  );
  return opened;
}
