import { screen } from '@testing-library/react';
import type { Keypair } from '@solana/web3.js';
import { FakeWalletAdapter, type FakeWalletOptions } from '../fake-wallet';
import { adminKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';

/** /admin-dashboard with `keys` (the admin, which is the escrow wallet, by default) signed in. */
export async function openAdminDashboard(
  keys: Keypair = adminKeys,
  options: FakeWalletOptions = {},
) {
  const wallet = new FakeWalletAdapter(keys, options);
  const view = renderApp({ route: '/admin-dashboard', wallets: [wallet] });
  await connectWallet(view.user);
  return { ...view, wallet };
}

/** Opens the Escrow Management tab once the admin page is there. */
export async function openEscrowTab(view: Awaited<ReturnType<typeof openAdminDashboard>>) {
  await view.user.click(await screen.findByRole('tab', { name: 'Escrow Management' }));
  return view;
}
