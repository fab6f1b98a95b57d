import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventTopic } from '@src/domain/entities';
import { makeOrder } from '../buyer/make-order';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, makeProduct, sellerUser } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { openSellerDashboard } from '../seller/open-seller-dashboard';
import { server } from '../setup';
import { http, HttpResponse } from 'msw';

beforeAll(() => import('@web/features/seller/seller-dashboard'));

let nextEventId = 100;
/** The server's `change` event on every open stream. */
function push(topic: EventTopic, subjectId: number) {
  const id = String(nextEventId++);
  for (const { client } of api.state.streams) {
    client.send({ id, event: 'change', data: { topic, subjectId } });
  }
}

/** Counts the GETs of paths starting with `prefix` from now on. */
function countGets(prefix: string) {
  const seen = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname.startsWith(prefix)) {
      seen.count += 1;
    }
  });
  return seen;
}

describe('live updates', () => {
  it('opens a visitor’s stream, and replaces it with the session’s once signed in', async () => {
    const view = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await screen.findByRole('button', { name: 'Connect Wallet' });
    await waitFor(() => expect(api.state.streams.map((s) => s.wallet)).toEqual([null]));
    await connectWallet(view.user);
    await waitFor(() =>
      expect(api.state.streams.map((s) => s.wallet)).toEqual([buyerKeys.publicKey.toBase58()]),
    );
  });

  it('shows a visitor a product selling out without a reload', async () => {
    const lamp = makeProduct({ name: 'Lamp', quantity: 1 });
    api.state.products = [lamp];
    renderApp();
    await screen.findByRole('button', { name: 'Lamp' });
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    lamp.status = 'sold';
    lamp.soldQuantity = 1;
    push('product', lamp.id);
    expect(await screen.findByText('SOLD OUT')).toBeInTheDocument();
  });

  it('shows a new sale on an open Your Sales tab when its order event comes', async () => {
    const lamp = makeProduct({ name: 'Lamp' });
    api.state.products = [lamp];
    const { user } = await openSellerDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
    expect(await screen.findByText(/No sales yet/)).toBeInTheDocument();
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    const order = makeOrder(lamp, { sellerId: sellerUser.id });
    api.state.orders.push(order);
    push('order', order.id);
    expect(await screen.findByRole('article', { name: `Order #${order.id}` })).toBeInTheDocument();
  });

  it('updates the bell’s count on a notification event', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    api.state.notifications.push({
      id: 1,
      userId: 7,
      kind: 'released',
      orderId: 3,
      text: 'Your order #3 is complete',
      createdAt: '2025-03-04T12:00:00.000Z',
      readAt: null,
    });
    push('notification', 1);
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });

  it('loads each affected list once for a burst of events, and nothing for other topics', async () => {
    const lamp = makeProduct({ name: 'Lamp' });
    api.state.products = [lamp];
    await openSellerDashboard();
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    const sales = countGets('/api/orders/seller/');
    const notes = countGets('/api/notifications');
    push('order', 1);
    push('order', 2);
    push('order', 3);
    await waitFor(() => expect(sales.count).toBe(1));
    push('review', sellerUser.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.events.removeAllListeners();
    expect(sales.count).toBe(1);
    expect(notes.count).toBe(0);
  });

  it('changes stock and Sold Out on the marketplace grid in place on a product event', async () => {
    const lamp = makeProduct({ name: 'Lamp', quantity: 2, soldQuantity: 1 });
    api.state.products = [lamp];
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    expect(await screen.findByText('Qty: 1')).toBeInTheDocument();
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    lamp.soldQuantity = 2;
    lamp.status = 'sold';
    push('product', lamp.id);
    expect(await screen.findByText('Qty: 0')).toBeInTheDocument();
    expect(screen.getByText('SOLD OUT')).toBeInTheDocument();
    expect(screen.queryByTestId('product-skeleton')).toBeNull();
  });

  it('resumes from the last event seen: natively, then by ?lastEventId when the browser gave up', async () => {
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    api.state.streams[0]!.client.send({ id: '7', event: 'ready', data: { connected: true } });
    push('notification', 1);
    const seenId = String(nextEventId - 1);
    // The server goes away once (the browser reconnects with Last-Event-ID), then refuses once
    // (the browser gives up; the app opens a new stream later, naming the last event).
    let refused = 0;
    server.use(
      http.get('/api/events', () => {
        if (api.state.streams.length === 2 && refused === 0) {
          refused += 1;
          return HttpResponse.json({ error: 'Try later' }, { status: 503 });
        }
        return undefined;
      }),
    );
    api.state.streams[0]!.client.close();
    await waitFor(() => expect(api.state.streams).toHaveLength(2));
    expect(api.state.streams[1]!.lastEventId).toBe(seenId);
    api.state.streams[1]!.client.close();
    await waitFor(() => expect(refused).toBe(1));
    await waitFor(() => expect(api.state.streams).toHaveLength(3), { timeout: 6000 });
    expect(new URL(api.state.streams[2]!.url).searchParams.get('lastEventId')).toBe(seenId);
  });

  it('loads everything again when the server says too much was missed (reset)', async () => {
    api.state.products = [makeProduct({ name: 'Lamp' })];
    await openSellerDashboard();
    await waitFor(() => expect(api.state.streams).toHaveLength(1));
    const sales = countGets('/api/orders/seller/');
    const listings = countGets('/api/products');
    const notes = countGets('/api/notifications');
    api.state.streams[0]!.client.send({ id: '900', event: 'reset', data: { reason: 'reload' } });
    await waitFor(() => expect([sales.count, listings.count, notes.count]).toEqual([1, 1, 1]));
    server.events.removeAllListeners();
  });
});
