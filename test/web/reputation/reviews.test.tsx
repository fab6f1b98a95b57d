import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '@src/domain/entities';
import { makeOrder } from '../buyer/make-order';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, buyerUser, makeProduct, sellerUser } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { openSellerDashboard } from '../seller/open-seller-dashboard';

beforeAll(() => import('@web/features/buyer/buyer-dashboard'));

async function openPurchases() {
  const view = renderApp({
    route: '/buyer-dashboard',
    wallets: [new FakeWalletAdapter(buyerKeys)],
  });
  await connectWallet(view.user);
  await screen.findByRole('heading', { name: 'Recent Orders' });
  return view;
}

const rowOf = (orderId: number) =>
  screen.getAllByTestId('order-row').find((row) => row.textContent?.includes(`Order #${orderId}`))!;

const review = (overrides: Partial<Review> = {}): Review => ({
  id: 1,
  orderId: 0,
  sellerId: sellerUser.id,
  buyerId: buyerUser.id,
  rating: 4,
  comment: 'Well packed',
  createdAt: '2025-03-10T00:00:00.000Z',
  reply: null,
  repliedAt: null,
  ...overrides,
});

describe('reviews on My Purchases', () => {
  it('offers a review only on completed orders, never on refunded or unfinished ones', async () => {
    const lamp = makeProduct({ name: 'Lamp' });
    api.state.products = [lamp];
    const done = makeOrder(lamp, { status: 'completed' });
    const refunded = makeOrder(lamp, { status: 'cancelled' });
    const held = makeOrder(lamp, { status: 'escrow_held' });
    api.state.orders = [done, refunded, held];
    await openPurchases();
    expect(
      await within(rowOf(done.id)).findByRole('button', { name: 'Leave a Review' }),
    ).toBeInTheDocument();
    expect(within(rowOf(refunded.id)).queryByRole('button', { name: 'Leave a Review' })).toBeNull();
    expect(within(rowOf(held.id)).queryByRole('button', { name: 'Leave a Review' })).toBeNull();
  });

  it('refuses to send a review without stars or with a comment over 1,000 characters', async () => {
    const lamp = makeProduct();
    api.state.products = [lamp];
    const done = makeOrder(lamp, { status: 'completed' });
    api.state.orders = [done];
    const { user } = await openPurchases();
    await user.click(await screen.findByRole('button', { name: 'Leave a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate the seller' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose a rating from 1 to 5 stars',
    );
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ });
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByText('1,001 / 1,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A review can be at most 1,000 characters',
    );
    expect(api.state.reviews).toHaveLength(0);
  });

  it('sends the stars and comment once, then shows the rating instead of the button', async () => {
    const lamp = makeProduct();
    api.state.products = [lamp];
    const done = makeOrder(lamp, { status: 'completed' });
    api.state.orders = [done];
    const { user } = await openPurchases();
    await user.click(await screen.findByRole('button', { name: 'Leave a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate the seller' });
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), '  Fast and kind  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.state.reviews).toMatchObject([
      { orderId: done.id, rating: 4, comment: 'Fast and kind' },
    ]);
    expect(await within(rowOf(done.id)).findByText('Rated ★★★★☆')).toBeInTheDocument();
    expect(within(rowOf(done.id)).queryByRole('button', { name: 'Leave a Review' })).toBeNull();
  });

  it('shows the server’s refusal when the order was reviewed meanwhile', async () => {
    const lamp = makeProduct();
    api.state.products = [lamp];
    const done = makeOrder(lamp, { status: 'completed' });
    api.state.orders = [done];
    const { user } = await openPurchases();
    await user.click(await screen.findByRole('button', { name: 'Leave a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate the seller' });
    api.state.reviews.push(review({ orderId: done.id })); // from another tab
    await user.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order has been reviewed already',
    );
    expect(api.state.reviews).toHaveLength(1);
  });
});

describe('answers on Your Sales', () => {
  it('shows the review of a completed sale and lets the seller answer it once', async () => {
    const lamp = makeProduct({ name: 'Lamp' });
    api.state.products = [lamp];
    const done = makeOrder(lamp, { status: 'completed' });
    api.state.orders = [done];
    api.state.reviews = [review({ orderId: done.id, comment: 'Arrived late' })];
    const { user } = await openSellerDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Your Sales' }));
    const section = await screen.findByRole('region', { name: `Review of order #${done.id}` });
    expect(within(section).getByText('Arrived late')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Reply to Review' }));
    await user.click(within(section).getByRole('button', { name: 'Send Answer' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('An answer needs some text');
    await user.type(
      within(section).getByRole('textbox', { name: 'Your answer' }),
      'Sorry, post strike',
    );
    await user.click(within(section).getByRole('button', { name: 'Send Answer' }));
    expect(await within(section).findByText('Sorry, post strike')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Reply to Review' })).toBeNull();
    expect(api.state.reviews[0]!.reply).toBe('Sorry, post strike');
  });
});
