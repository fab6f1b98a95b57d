import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@src/domain/entities';
import { makeOrder } from '../buyer/make-order';
import { api, buyerUser, makeProduct, sellerUser } from '../handlers';
import { renderApp } from '../render';
import { server } from '../setup';

beforeAll(() => import('@web/features/seller-page/seller-page'));

const newcomer: User = {
  id: 12,
  walletAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  username: '',
  createdAt: '2025-02-01T00:00:00.000Z',
};

/** The seller (#3) sold two things and was rated 5 and 4; one more order is still held. */
function seedHistory() {
  const lamp = makeProduct({ name: 'Lamp', price: '0.10' });
  const chair = makeProduct({ name: 'Chair', price: '0.20' });
  const gone = makeProduct({ name: 'Old rug', status: 'sold' });
  const fresh = makeProduct({ name: 'Kettle', sellerId: newcomer.id });
  api.state.users.push(newcomer);
  api.state.products = [lamp, chair, gone, fresh];
  const a = makeOrder(lamp, { status: 'completed', createdAt: '2025-03-01T12:00:00.000Z' });
  const b = makeOrder(chair, { status: 'completed', createdAt: '2025-03-05T12:00:00.000Z' });
  api.state.orders = [a, b, makeOrder(chair, { status: 'escrow_held' })];
  api.state.reviews = [
    {
      id: 1,
      orderId: a.id,
      sellerId: sellerUser.id,
      buyerId: buyerUser.id,
      rating: 5,
      comment: 'Perfect',
      createdAt: '2025-03-02T00:00:00.000Z',
      reply: 'Thank you!',
      repliedAt: '2025-03-03T00:00:00.000Z',
    },
    {
      id: 2,
      orderId: b.id,
      sellerId: sellerUser.id,
      buyerId: buyerUser.id,
      rating: 4,
      comment: 'Good',
      createdAt: '2025-03-06T00:00:00.000Z',
      reply: null,
      repliedAt: null,
    },
  ];
  return { lamp, fresh };
}

const cardOf = (name: string) =>
  screen.getAllByTestId('product-card').find((card) => card.textContent?.includes(name))!;

describe('reputation', () => {
  it('shows each card’s seller rating in one line, and "New seller" for one without sales', async () => {
    seedHistory();
    renderApp();
    await screen.findByRole('button', { name: /Lamp/ });
    const lampCard = cardOf('Lamp');
    expect(
      await within(lampCard).findByLabelText('Seller rated 4.5 out of 5 from 2 reviews'),
    ).toHaveTextContent('★ 4.5 (2)');
    expect(within(cardOf('Kettle')).getByTestId('seller-rating')).toHaveTextContent('New seller');
  });

  it('asks for every card’s record in one call', async () => {
    seedHistory();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/reputations')) asked.push(new URL(request.url).search);
    });
    renderApp();
    await screen.findAllByText('★ 4.5 (2)');
    server.events.removeAllListeners();
    expect(asked).toEqual([`?sellerIds=${sellerUser.id}%2C${newcomer.id}`]);
  });

  it('shows the seller in the product dialog, linked to their page', async () => {
    seedHistory();
    const { user, router } = renderApp();
    await user.click(await screen.findByRole('button', { name: /Lamp/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lamp' });
    const summary = await within(dialog).findByTestId('seller-summary');
    expect(summary).toHaveTextContent('★ 4.5 from 2 reviews · 2 completed sales');
    await user.click(within(summary).getByRole('link'));
    expect(router.state.location.pathname).toBe(`/seller/${sellerUser.id}`);
  });

  it('shows the seller page: record with exact volume, active products only, reviews', async () => {
    seedHistory();
    renderApp({ route: `/seller/${sellerUser.id}` });
    const record = await screen.findByLabelText('Seller record');
    // 0.10 + 0.20 without floats
    expect(within(record).getByText('0.30 SOL')).toBeInTheDocument();
    expect(within(record).getByText('★ 4.5 (2 reviews)')).toBeInTheDocument();
    expect(within(record).getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(within(record).getByText('0% (0 of 3)')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Lamp/ })).toBeInTheDocument();
    // The rating is said once, in the record: not again on each of the seller's own cards.
    expect(cardOf('Lamp')).not.toHaveTextContent('★');
    expect(screen.queryByRole('button', { name: /Old rug/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Kettle/ })).toBeNull();
    const reviews = await screen.findAllByTestId('review');
    expect(reviews[0]).toHaveTextContent('Good');
    expect(reviews[1]).toHaveTextContent('Perfect');
    expect(reviews[1]).toHaveTextContent('Thank you!');
  });

  it('says so for a seller page of nobody', async () => {
    renderApp({ route: '/seller/404' });
    expect(await screen.findByRole('heading', { name: 'Seller not found' })).toBeInTheDocument();
    // Said once, in words, with the way back.
    expect(screen.getAllByText('Seller not found')).toHaveLength(1);
    expect(screen.getByText('There is no seller at this address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Marketplace' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
