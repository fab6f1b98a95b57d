import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderWithProduct, Product } from '@src/domain/entities';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, makeProduct } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { makeOrder } from './make-order';

/** My Purchases with `orders` of `product`; View Details clicked on the first row. */
async function viewDetails(product: Product, orders: OrderWithProduct[]) {
  api.state.products = [product];
  api.state.orders = orders;
  const view = renderApp({
    route: '/buyer-dashboard',
    wallets: [new FakeWalletAdapter(buyerKeys)],
  });
  await connectWallet(view.user);
  const [row] = await screen.findAllByTestId('order-row');
  await view.user.click(within(row!).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: product.name });
  return { row: row!, dialog };
}

const follows = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

beforeAll(() => import('@web/features/buyer/buyer-dashboard'));

describe('product dialog opened from an order', () => {
  it('shows that order first: number, date paid, price paid, status, tracking and next date', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', price: '3.00' });
    const order = makeOrder(lamp, {
      id: 77,
      price: '2.50',
      status: 'tracking_uploaded',
      trackingNumber: 'TRK-123456',
      createdAt: '2025-03-04T12:00:00.000Z',
      trackingUploadedAt: '2025-03-05T12:00:00.000Z',
      inspectionEndsAt: '2025-03-12T12:00:00.000Z',
    });
    const { row, dialog } = await viewDetails(lamp, [order]);
    const summary = within(dialog).getByRole('region', { name: 'Your order: Order #77' });
    const s = within(summary);
    expect(s.getByText('TRACKING UPLOADED')).toBeInTheDocument();
    expect(s.getByText('TRK-123456')).toBeInTheDocument();
    expect(s.getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(s.getByText('2.50 SOL')).toBeInTheDocument();
    // The same words as the Recent Orders row: one helper for both.
    const words = within(row).getByTestId('order-deadline').textContent;
    expect(words).toBeTruthy();
    expect(s.getByTestId('order-deadline')).toHaveTextContent(words!);
    // Buying again stays possible, after the order and headed as another unit.
    const buy = within(dialog).getByRole('button', { name: 'Buy Now with SOL' });
    const another = within(dialog).getByRole('region', { name: 'Buy another unit' });
    expect(another).toContainElement(buy);
    expect(follows(summary, buy)).toBe(true);
  });

  it('shows the order the buyer clicked, not another order of the same product', async () => {
    const lamp = makeProduct({ name: 'Desk lamp' });
    const { dialog } = await viewDetails(lamp, [
      makeOrder(lamp, { id: 91, createdAt: '2025-03-09T12:00:00.000Z' }),
      makeOrder(lamp, { id: 90, createdAt: '2025-03-01T12:00:00.000Z', trackingNumber: 'OLD' }),
    ]);
    expect(within(dialog).getByRole('region', { name: 'Your order: Order #91' })).toBeVisible();
    expect(within(dialog).queryByText('OLD')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Tracking')).not.toBeInTheDocument();
  });

  it('still shows the order when the product was deleted', async () => {
    const lamp = makeProduct({ name: 'Desk lamp', status: 'deleted' });
    const { dialog } = await viewDetails(lamp, [makeOrder(lamp, { id: 55, status: 'completed' })]);
    const summary = within(dialog).getByRole('region', { name: 'Your order: Order #55' });
    expect(within(summary).getByText('COMPLETED')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No Longer Available' })).toBeDisabled();
  });
});

describe('product dialog opened from the marketplace', () => {
  it('shows no order summary and no Buy another heading', async () => {
    const lamp = makeProduct({ name: 'Desk lamp' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp, { id: 77, trackingNumber: 'TRK-123456' })];
    const { user } = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(user);
    await user.click(await screen.findByRole('button', { name: 'Desk lamp' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Desk lamp' }));
    expect(dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeInTheDocument();
    expect(dialog.queryByText(/Your order/)).not.toBeInTheDocument();
    expect(dialog.queryByText('Order #77')).not.toBeInTheDocument();
    expect(dialog.queryByText('TRK-123456')).not.toBeInTheDocument();
    expect(dialog.queryByRole('heading', { name: 'Buy another unit' })).not.toBeInTheDocument();
  });
});
