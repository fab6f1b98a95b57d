import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import * as badge from '@web/components/ui/badge.css';
import * as sellerStyles from '@web/features/seller/seller.css';
import { makeOrder } from '../buyer/make-order';
import { api, makeProduct, sellerUser } from '../handlers';
import { renderApp } from '../render';
import { server } from '../setup';
import { openSellerDashboard } from './open-seller-dashboard';
import { installSellerApi } from './seller-handlers';

const sellerApi = installSellerApi();
const stat = (label: string) => screen.getByRole('group', { name: label });

// The route loads the dashboard lazily; load it once up front so the first test is not slower.
beforeAll(() => import('@web/features/seller/seller-dashboard'));

describe('seller dashboard (My Listings)', () => {
  it('shows the title and subtitle, and asks a visitor to connect a wallet', async () => {
    renderApp({ route: '/seller-dashboard' });
    expect(await screen.findByRole('heading', { name: 'My Listings' })).toBeInTheDocument();
    expect(screen.getByText('manage your products and track sales')).toBeInTheDocument();
    expect(screen.getByText(/Connect your wallet to manage your listings/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Listing' })).not.toBeInTheDocument();
  });

  it('shows a loading skeleton until the products and sales arrive', async () => {
    server.use(
      http.get('/api/orders/seller/:id', async () => {
        await delay(300);
        return HttpResponse.json([]);
      }),
    );
    await openSellerDashboard();
    expect(screen.getByRole('status', { name: 'Loading your listings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Your Listings' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your listings' })).not.toBeInTheDocument();
  });

  it('counts active listings, exact total sales (1 decimal), sold items and needs tracking', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '0.15' });
    const gone = makeProduct({ name: 'Gone', status: 'deleted' });
    const sold = makeProduct({ name: 'Sold', status: 'sold' });
    api.state.products = [lamp, gone, sold, makeProduct({ sellerId: 99 })];
    api.state.orders = [
      makeOrder(lamp, { status: 'completed', price: '0.15' }),
      makeOrder(lamp, { status: 'completed', price: '0.10' }),
      makeOrder(lamp, { status: 'escrow_held' }),
      makeOrder(lamp, { status: 'escrow_held' }),
      makeOrder(lamp, { status: 'escrow_held' }),
      makeOrder(lamp, { status: 'tracking_uploaded' }),
    ];
    await openSellerDashboard();
    await screen.findByRole('tab', { name: 'Your Listings' });
    expect(within(stat('Active Listings')).getByText('1')).toBeInTheDocument();
    // 0.15 + 0.10 = 0.25 -> "0.3" (half up, exact); a float sum would give 0.25 -> "0.2" or worse
    expect(within(stat('Total Sales')).getByText('0.3 SOL')).toBeInTheDocument();
    // The rounded card keeps the exact figure as its title.
    expect(within(stat('Total Sales')).getByText('0.3 SOL')).toHaveAttribute(
      'title',
      '0.25 SOL exactly',
    );
    expect(within(stat('Sold Items')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Needs Tracking')).getByText('3')).toBeInTheDocument();
  });

  it('lists the products with their status; an admin-removed one reads Admin Removed and is locked', async () => {
    api.state.products = [
      makeProduct({
        name: 'Lamp',
        price: '2.5',
        category: 'digital-goods',
        createdAt: '2025-02-03T12:00:00.000Z',
      }),
      makeProduct({ name: 'Banned', status: 'deleted', createdAt: '2025-01-03T12:00:00.000Z' }),
    ];
    await openSellerDashboard();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Category', 'Price', 'Status', 'Listed', 'Actions']);
    const [lamp, banned] = within(table)
      .getAllByTestId('listing-row')
      .map((r) => within(r));
    expect(lamp!.getByText('Lamp')).toBeInTheDocument();
    expect(lamp!.getByText('Created Feb 3, 2025')).toBeInTheDocument();
    expect(lamp!.getByText('Digital Goods')).toBeInTheDocument();
    expect(lamp!.getByText('2.50 SOL')).toBeInTheDocument();
    expect(lamp!.getByText('ACTIVE')).toHaveClass(badge.badge.green);
    expect(lamp!.getByRole('button', { name: 'Edit Lamp' })).toBeEnabled();
    expect(lamp!.getByRole('button', { name: 'Delete Lamp' })).toBeEnabled();
    expect(banned!.getByText('Admin Removed')).toHaveClass(badge.badge.red);
    expect(banned!.getByRole('button', { name: 'Edit Banned' })).toBeDisabled();
    expect(banned!.getByRole('button', { name: 'Delete Banned' })).toBeDisabled();
  });

  it('says so when there are no listings and no sales', async () => {
    const { user } = await openSellerDashboard();
    expect(
      await screen.findByText('No listings found. Create your first listing to get started!'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Your Sales' }));
    expect(
      screen.getByText('No sales yet. Start selling to see your transactions here!'),
    ).toBeInTheDocument();
  });

  it('deletes a listing after confirmation and says so', async () => {
    api.state.products = [makeProduct({ name: 'Lamp' })];
    const { user } = await openSellerDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete Lamp' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText('Are you sure you want to delete "Lamp"? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sellerApi.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Lamp' }));
    sellerApi.delayMs = 150;
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(screen.getByText('Your listing has been successfully deleted.')).toBeInTheDocument();
    expect(
      await screen.findByText('No listings found. Create your first listing to get started!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server error when a delete fails and keeps the listing', async () => {
    api.state.products = [makeProduct({ name: 'Lamp' })];
    const { user } = await openSellerDashboard();
    sellerApi.failNext = { status: 409, error: 'This listing was removed by an admin' };
    await user.click(await screen.findByRole('button', { name: 'Delete Lamp' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('This listing was removed by an admin')).toBeInTheDocument();
    expect(screen.getByText('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');

    server.use(http.delete('/api/products/:id', () => new HttpResponse(null, { status: 500 })));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    // no JSON error field: the status text is the message (spec section 8)
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(api.state.products).toHaveLength(1);
  });

  it('shows each sale with its status, buyer, contact, hashes and proof', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '3.00' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, {
        id: 11,
        status: 'escrow_held',
        buyerEmail: 'ada@example.com',
        buyerName: 'Ada Lovelace',
        buyerAddress: '1 Main St\nLondon',
        createdAt: '2025-03-05T12:00:00.000Z',
      }),
      makeOrder(lamp, {
        id: 12,
        status: 'tracking_uploaded',
        trackingNumber: 'TRK-123',
        uploadedFiles: ['proof-a.pdf', 'proof-b.jpg'],
        proofOfDelivery: 'receipt.pdf, parcel.jpg',
        createdAt: '2025-03-04T12:00:00.000Z',
      }),
      makeOrder(lamp, { id: 13, status: 'completed', createdAt: '2025-03-03T12:00:00.000Z' }),
      makeOrder(null, {
        id: 14,
        status: 'cancelled',
        escrowTransactionHash: null,
        transactionHash: 'PlainHash14',
        createdAt: '2025-03-02T12:00:00.000Z',
      }),
    ];
    const { user } = await openSellerDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
    const card = (id: number) => within(screen.getByRole('article', { name: `Order #${id}` }));
    // The name is clamped to two lines on the card; its title carries the whole of it.
    expect(card(11).getByRole('heading', { name: 'Lamp' })).toHaveAttribute('title', 'Lamp');
    expect(card(11).getByText(/Order #11 · Mar 5, 2025/)).toBeInTheDocument();
    expect(card(11).getByText('3.00 SOL')).toBeInTheDocument();
    expect(card(11).getByText('AWAITING SHIPMENT')).toBeInTheDocument();
    expect(card(11).getByRole('button', { name: 'Upload Tracking' })).toBeInTheDocument();
    expect(card(11).getByText(`User #${makeOrder(null).buyerId}`)).toBeInTheDocument();
    expect(card(11).getByText('ada@example.com')).toBeInTheDocument();
    expect(card(11).getByText('Ada Lovelace')).toBeInTheDocument();
    // The address keeps its lines, as a parcel's label needs them.
    const address = card(11).getByText(/1 Main St/);
    expect(address).toHaveTextContent('1 Main St London', { normalizeWhitespace: true });
    expect(address.textContent).toBe('1 Main St\nLondon');
    expect(address).toHaveClass(sellerStyles.lines);
    expect(card(11).getByText('Escrow Transaction')).toBeInTheDocument();
    // The payment, on the cluster's explorer.
    expect(await card(11).findByRole('link', { name: 'EscrowSig11' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/explorer\.solana\.com\/tx\/EscrowSig11\?cluster=/),
    );
    expect(card(12).getByText('TRACKING UPLOADED')).toBeInTheDocument();
    expect(card(12).queryByRole('button', { name: 'Upload Tracking' })).not.toBeInTheDocument();
    expect(card(12).getByText('TRK-123')).toBeInTheDocument();
    // Named as the seller's file was, linked to where it is stored.
    expect(card(12).getByRole('link', { name: 'receipt.pdf' })).toHaveAttribute(
      'href',
      '/uploads/proof-a.pdf',
    );
    // The comma between two files is no part of either link.
    expect(card(12).getByRole('link', { name: 'parcel.jpg' })).toHaveAttribute(
      'href',
      '/uploads/proof-b.jpg',
    );
    expect(card(13).getByText('COMPLETED')).toHaveClass(badge.badge.green);
    expect(card(13).queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(card(14).getByText('Unknown Product')).toHaveAttribute('title', 'Unknown Product');
    expect(card(14).getByText('CANCELLED')).toBeInTheDocument();
    expect(card(14).getByText('Transaction')).toBeInTheDocument();
    expect(card(14).getByText('PlainHash14')).toBeInTheDocument();
    expect(sellerUser.id).toBe(api.state.orders[0]!.sellerId);
  });

  it('counts a split sale in Total Sales as the seller’s part only, exactly', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '2.00' });
    api.state.products = [lamp];
    api.state.orders = [
      // A dispute split: 1.234567891 SOL went back to the buyer, the seller received the rest.
      makeOrder(lamp, { status: 'completed', price: '2.00', refundedLamports: 1_234_567_891n }),
      makeOrder(lamp, { status: 'completed', price: '0.10', refundedLamports: null }),
      makeOrder(lamp, { status: 'cancelled', price: '2.00', refundedLamports: 2_000_000_000n }),
    ];
    await openSellerDashboard();
    await screen.findByRole('tab', { name: 'Your Listings' });
    // 0.765432109 + 0.10, not 2.10
    expect(within(stat('Total Sales')).getByText('0.9 SOL')).toHaveAttribute(
      'title',
      '0.865432109 SOL exactly',
    );
    expect(within(stat('Sold Items')).getByText('2')).toBeInTheDocument();
  });

  it('shows a sale settled by a split as what the seller received and what went back', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '2.00' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, { id: 21, status: 'completed', refundedLamports: 1_200_000_000n }),
      makeOrder(lamp, { id: 22, status: 'completed', refundedLamports: null }),
      makeOrder(lamp, { id: 23, status: 'cancelled', refundedLamports: 2_000_000_000n }),
    ];
    const { user } = await openSellerDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
    const card = (id: number) => within(screen.getByRole('article', { name: `Order #${id}` }));
    expect(
      card(21).getByText('Split: you received 0.80 SOL; 1.20 SOL went back to the buyer'),
    ).toBeInTheDocument();
    expect(card(22).queryByTestId('order-split')).not.toBeInTheDocument();
    // Refunded whole: said so, as the buyer hears it too.
    expect(card(23).getByTestId('order-split')).toHaveTextContent(
      'Refunded: 2.00 SOL went back to the buyer',
    );
  });
});
