import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@src/domain/entities';
import { FakeWalletAdapter } from '../fake-wallet';
import { makeOrder } from '../buyer/make-order';
import { api, buyerKeys, buyerUser, makeProduct, sellerKeys, sellerUser } from '../handlers';
import { connectWallet, renderApp } from '../render';

let nextId = 1;
const note = (text: string, overrides: Partial<Notification> = {}): Notification => ({
  id: nextId++,
  userId: sellerUser.id,
  kind: 'sale',
  orderId: 41,
  text,
  createdAt: '2025-03-04T12:00:00.000Z',
  readAt: null,
  ...overrides,
});

async function signInAsSeller() {
  const view = renderApp({ wallets: [new FakeWalletAdapter(sellerKeys)] });
  await connectWallet(view.user);
  return view;
}

describe('notification bell', () => {
  it('is not shown to a visitor who has not signed in', async () => {
    renderApp();
    await screen.findByRole('button', { name: 'Connect Wallet' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('names the unread count on the button and announces it', async () => {
    api.state.notifications = [
      note('Order #41 paid: ship it'),
      note('Payment released for order #40', { kind: 'released' }),
      note('Old news', { readAt: '2025-03-01T00:00:00.000Z' }),
      note('Someone else’s sale', { userId: buyerUser.id }),
    ];
    await signInAsSeller();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent('2');
    expect(screen.getByText('2 unread notifications')).toHaveAttribute('role', 'status');
  });

  it('lists the notifications on open and marks the unread ones read', async () => {
    const sale = note('Order #41 paid: ship it');
    const dispute = note('Order #39 disputed by the buyer', { kind: 'dispute' });
    const old = note('Old news', { readAt: '2025-03-01T00:00:00.000Z' });
    api.state.notifications = [sale, dispute, old];
    const { user } = await signInAsSeller();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(list).getByText('Order #41 paid: ship it')).toBeInTheDocument();
    expect(within(list).getByText(/Dispute opened · New/)).toBeInTheDocument();
    expect(within(list).getByText('Old news')).toBeInTheDocument();
    await waitFor(() => expect(api.state.notificationReads).toEqual([[sale.id, dispute.id]]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('keeps the ones unread at opening marked New until the list closes', async () => {
    const sale = note('Order #41 paid: ship it');
    const old = note('Old news', { readAt: '2025-03-01T00:00:00.000Z' });
    api.state.notifications = [sale, old];
    const { user } = await signInAsSeller();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await waitFor(() => expect(api.state.notificationReads).toEqual([[sale.id]]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const list = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(list).getByText(/Sale to ship · New/)).toBeInTheDocument();
    expect(within(list).queryAllByText(/· New/)).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(again).getByText('Order #41 paid: ship it')).toBeInTheDocument();
    expect(within(again).queryByText(/· New/)).toBeNull();
  });

  it('says so when there is nothing, and marks nothing read', async () => {
    const { user } = await signInAsSeller();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Nothing new yet.')).toBeInTheDocument();
    expect(api.state.notificationReads).toEqual([]);
  });
});

describe('a notification about an order', () => {
  it('leads to the order where its reader deals with it: Your Sales, at the sale', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '3.00' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp, { id: 11 }), makeOrder(lamp, { id: 12 })];
    api.state.notifications = [
      note('The buyer reported a problem with order #12: Damaged', {
        kind: 'dispute',
        orderId: 12,
        role: 'seller',
      }),
      note('Welcome', { kind: 'message', orderId: null, role: null }),
    ];
    const { user } = await signInAsSeller();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(list).queryByRole('link', { name: 'Welcome' })).toBeNull();
    const link = within(list).getByRole('link', { name: /order #12: Damaged/ });
    expect(link).toHaveAttribute('href', '/seller-dashboard?order=12');
    await user.click(link);
    expect(await screen.findByRole('tab', { name: 'Your Sales', selected: true })).toBeVisible();
    const sale = await screen.findByRole('article', { name: 'Order #12' });
    await waitFor(() => expect(sale).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('takes the focus from the bell to the sale on an open dashboard, each time it is followed', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '3.00' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp, { id: 11 }), makeOrder(lamp, { id: 12 })];
    const link = 'The buyer reported a problem with order #12: Damaged';
    api.state.notifications = [note(link, { kind: 'dispute', orderId: 12, role: 'seller' })];
    const view = renderApp({
      route: '/seller-dashboard',
      wallets: [new FakeWalletAdapter(sellerKeys)],
    });
    await connectWallet(view.user);
    const { user } = view;
    await user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
    await screen.findByRole('article', { name: 'Order #12' });
    const follow = async () => {
      await user.click(screen.getByRole('button', { name: /^Notifications/ }));
      const list = await screen.findByRole('dialog', { name: 'Notifications' });
      await user.click(within(list).getByRole('link', { name: link }));
      const sale = screen.getByRole('article', { name: 'Order #12' });
      await waitFor(() => expect(sale).toHaveFocus());
      // Still there a moment later: the closing list did not hand the focus back to the bell.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sale).toHaveFocus();
      expect(sale).toHaveAttribute('data-asked');
    };
    await follow();
    // Elsewhere on the page, then the same notification again: Your Sales, at the sale, again.
    await user.click(screen.getByRole('tab', { name: 'Your Listings' }));
    await follow();
    expect(screen.getByRole('tab', { name: 'Your Sales', selected: true })).toBeVisible();
  });

  it('leads a buyer to the purchase’s row on My Purchases', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '3.00' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp, { id: 21, status: 'tracking_uploaded' })];
    api.state.notifications = [
      note('Order #21 shipped', {
        userId: buyerUser.id,
        kind: 'shipped',
        orderId: 21,
        role: 'buyer',
      }),
    ];
    const view = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(view.user);
    await view.user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = within(list).getByRole('link', { name: 'Order #21 shipped' });
    expect(link).toHaveAttribute('href', '/buyer-dashboard?order=21');
    await view.user.click(link);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    await waitFor(() => expect(row).toHaveFocus());
    expect(row).toHaveAttribute('id', 'order-21');
  });
});
