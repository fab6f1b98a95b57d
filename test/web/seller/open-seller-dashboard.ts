import { screen } from '@testing-library/react';
import { FakeWalletAdapter } from '../fake-wallet';
import { sellerKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';

/** /seller-dashboard with the seller's wallet connected and signed in. */
export async function openSellerDashboard() {
  const view = renderApp({
    route: '/seller-dashboard',
    wallets: [new FakeWalletAdapter(sellerKeys)],
  });
  await connectWallet(view.user);
  await screen.findByRole('button', { name: 'New Listing' });
  return view;
}
