import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import * as badge from '@web/components/ui/badge.css';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, buyerUser, makeProduct } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { server } from '../setup';
import { reply } from '../wire';
import { getProduct } from '@src/contracts/products';
import { solToLamports } from '@src/domain/money';
import { makeOrder } from './make-order';

async function openDashboard(options: { declineSignMessage?: boolean } = {}) {
  const view = renderApp({
    route: '/buyer-dashboard',
    wallets: [new FakeWalletAdapter(buyerKeys, options)],
  });
  await connectWallet(view.user);
  return view;
}

const stat = (label: string) => screen.getByRole('group', { name: label });

// The route loads the dashboard lazily; load it once up front so the first test is not slower.
beforeAll(() => import('@web/features/buyer/buyer-dashboard'));

describe('buyer dashboard (My Purchases)', () => {
  it('asks a visitor to connect a wallet and loads no orders', async () => {
    let asked = false;
    server.use(
      http.get('/api/orders/buyer/:id', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderApp({ route: '/buyer-dashboard' });
    expect(await screen.findByRole('heading', { name: 'My Purchases' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect your wallet' })).toBeInTheDocument();
    expect(screen.getByText(/Connect your wallet to see your purchases/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a wallet' })).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('asks a connected wallet that declined the signature to sign in', async () => {
    await openDashboard({ declineSignMessage: true });
    expect(
      await screen.findByRole('heading', { name: 'Sign in with your wallet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with wallet' })).toBeEnabled();
  });

  it('shows the four stat cards with an exact total in SOL', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '0.10' });
    const chair = makeProduct({ name: 'Chair', price: '0.20' });
    const rug = makeProduct({ name: 'Rug', price: '5.00' });
    api.state.products = [lamp, chair, rug];
    api.state.orders = [
      makeOrder(lamp, { status: 'completed' }),
      makeOrder(chair, { status: 'escrow_held' }),
      makeOrder(lamp, { status: 'tracking_uploaded' }),
      makeOrder(rug, { status: 'cancelled' }),
      makeOrder(chair, { buyerId: 999 }),
    ];
    await openDashboard();
    await screen.findByRole('heading', { name: 'Recent Orders' });
    expect(within(stat('Total Orders')).getByText('4')).toBeInTheDocument();
    // 0.10 + 0.20 + 0.10 without floats (a float sum would be 0.4000000000000001); refunds excluded
    expect(within(stat('Total Spent')).getByText('0.40 SOL')).toBeInTheDocument();
    expect(within(stat('Pending Orders')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Completed')).getByText('1')).toBeInTheDocument();
    expect(within(stat('Total Spent')).getByText('0.40 SOL')).toHaveAttribute(
      'title',
      '0.40 SOL exactly',
    );
  });

  it('counts a split as the seller’s part and an order refunded in full as nothing', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '2.00' });
    api.state.products = [lamp];
    api.state.orders = [
      // A dispute split: 1.234567891 SOL went back to the buyer, the seller kept the rest.
      makeOrder(lamp, { status: 'completed', refundedLamports: 1_234_567_891n }),
      makeOrder(lamp, { status: 'cancelled', refundedLamports: solToLamports('2.00') }),
      makeOrder(lamp, { status: 'completed', refundedLamports: null }),
    ];
    await openDashboard();
    await screen.findByRole('heading', { name: 'Recent Orders' });
    const total = within(stat('Total Spent')).getByText('2.77 SOL');
    expect(total).toHaveAttribute('title', '2.765432109 SOL exactly');
    expect(within(stat('Total Spent')).getByText('Refunds excluded')).toBeInTheDocument();
  });

  it('shows an order settled by a split as what came back and what the seller got', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '2.00' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, { id: 31, status: 'completed', refundedLamports: 1_200_000_001n }),
      makeOrder(lamp, { id: 32, status: 'completed', refundedLamports: null }),
      makeOrder(lamp, { id: 33, status: 'cancelled', refundedLamports: 2_000_000_000n }),
    ];
    await openDashboard();
    await screen.findByRole('heading', { name: 'Recent Orders' });
    const rows = screen.getAllByTestId('order-row').map((r) => within(r));
    const [split, released, refunded] = [31, 32, 33].map((id) =>
      rows.find((r) => r.queryByText(`Order #${id}`))!,
    );
    // A cancelled order says where its money went.
    expect(refunded!.getByText('Refunded: 2.00 SOL went back to your wallet')).toBeInTheDocument();
    // Exact to the lamport: nothing rounded away from either side.
    expect(
      split!.getByText('Split: 1.200000001 SOL refunded to you; 0.799999999 SOL to the seller'),
    ).toBeInTheDocument();
    expect(released!.queryByTestId('order-split')).not.toBeInTheDocument();
  });

  it('counts orders due a payout or disputed as pending: still paid and not settled', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '0.10' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, { status: 'release_due' }),
      makeOrder(lamp, { status: 'refund_due' }),
      makeOrder(lamp, { status: 'disputed' }),
      makeOrder(lamp, { status: 'completed' }),
    ];
    await openDashboard();
    await screen.findByRole('heading', { name: 'Recent Orders' });
    expect(within(stat('Pending Orders')).getByText('3')).toBeInTheDocument();
  });

  it('lists the orders with product, date, price, coloured status and Unknown Product', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '2.5' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, { status: 'completed', createdAt: '2025-03-01T12:00:00.000Z' }),
      makeOrder(lamp, { status: 'pending', price: '2.50', createdAt: '2025-03-02T12:00:00.000Z' }),
      makeOrder(lamp, { status: 'cancelled', createdAt: '2025-03-03T12:00:00.000Z' }),
      makeOrder(null, { status: 'escrow_held', createdAt: '2025-03-04T12:00:00.000Z' }),
    ];
    await openDashboard();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Product', 'Date', 'Price', 'Status', 'Actions']);
    const rows = within(table).getAllByTestId('order-row');
    expect(rows).toHaveLength(4);
    const [unknown, cancelled, pending, completed] = rows.map((row) => within(row));
    expect(unknown!.getByText('Unknown Product')).toBeInTheDocument();
    expect(unknown!.getByRole('button', { name: 'View Details' })).toBeDisabled();
    expect(unknown!.getByText('ESCROW HELD')).toHaveClass(badge.badge.grey);
    expect(completed!.getByText('Desk lamp')).toBeInTheDocument();
    expect(completed!.getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(completed!.getByText('2.50 SOL')).toBeInTheDocument();
    expect(completed!.getByText('COMPLETED')).toHaveClass(badge.badge.green);
    expect(pending!.getByText('PENDING')).toHaveClass(badge.badge.yellow);
    expect(cancelled!.getByText('CANCELLED')).toHaveClass(badge.badge.red);
  });

  it('says so when there are no orders', async () => {
    await openDashboard();
    expect(
      await screen.findByText('No orders found. Start shopping to see your purchases here!'),
    ).toBeInTheDocument();
    expect(within(stat('Total Spent')).getByText('0.00 SOL')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens the product detail dialog from View Details', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', description: 'Warm light for late reading.' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp)];
    const { user } = await openDashboard();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/products/:id', async () => {
        await answered;
        return reply(getProduct, lamp);
      }),
    );
    const details = await screen.findByRole('button', { name: 'View Details' });
    await user.click(details);
    // Still enabled while the product loads: a disabled button would drop the focus.
    expect(details).toHaveAttribute('aria-busy', 'true');
    expect(details).toBeEnabled();
    expect(details).toHaveFocus();
    answer();
    const dialog = within(await screen.findByRole('dialog', { name: 'Desk lamp' }));
    expect(dialog.getByText('Warm light for late reading.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The focus goes back to the button that opened the dialog (it stays enabled while loading).
    expect(details).toHaveFocus();
  });

  it('shows why the orders did not load and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/orders/buyer/:id', ({ params }) => {
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({ error: 'Database unavailable' }, { status: 503 });
        expect(Number(params.id)).toBe(buyerUser.id);
        return HttpResponse.json([]);
      }),
    );
    const { user } = await openDashboard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No orders found. Start shopping to see your purchases here!'),
    ).toBeInTheDocument();
  });
});
