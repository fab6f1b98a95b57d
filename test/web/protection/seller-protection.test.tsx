import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { api, makeProduct } from '../handlers';
import { installProtectionApi } from '../protection-handlers';
import { openSellerDashboard } from '../seller/open-seller-dashboard';

const protection = installProtectionApi();
beforeAll(() => import('@web/features/seller/seller-dashboard'));

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

async function openSale(overrides: Parameters<typeof makeOrder>[1], chainTime: string) {
  const lamp = makeProduct({ name: 'Desk lamp', price: '1.00' });
  api.state.products = [lamp];
  api.state.orders = [makeOrder(lamp, { id: 61, ...overrides })];
  api.state.chain.blockTime = at(chainTime);
  const view = await openSellerDashboard();
  await view.user.click(screen.getByRole('tab', { name: 'Your Sales' }));
  const card = within(await screen.findByRole('article', { name: 'Order #61' }));
  return { ...view, card };
}

describe('seller protection on Your Sales', () => {
  it('unshipped: Ship by, and the seller may cancel (a problem is reported once shipped)', async () => {
    const { card, user } = await openSale(
      { status: 'escrow_held', shipBy: '2025-03-07T12:00:00.000Z' },
      '2025-03-05T00:00:00Z',
    );
    expect(await card.findByText('Ship by Mar 7')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Upload Tracking' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Report a Problem' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Cancel Order' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/refunded to the buyer/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(protection.calls.map((c) => c.path)).toEqual(['/api/orders/61/cancel']);
    expect(await card.findByText('CANCELLED')).toBeInTheDocument();
  });

  it('shipped: says when the seller is paid; no Cancel, no Confirm Receipt', async () => {
    const { card } = await openSale(
      { status: 'tracking_uploaded', inspectionEndsAt: '2025-03-15T12:00:00.000Z' },
      '2025-03-09T00:00:00Z',
    );
    expect(
      await card.findByText(
        'Paid to you automatically on Mar 15 unless the buyer reports a problem',
      ),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Confirm Receipt' })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Report a Problem' })).toBeInTheDocument();
  });

  it('a seller can open a dispute too', async () => {
    const { card, user } = await openSale(
      { status: 'tracking_uploaded', inspectionEndsAt: '2025-03-15T12:00:00.000Z' },
      '2025-03-09T00:00:00Z',
    );
    await user.click(await card.findByRole('button', { name: 'Report a Problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a Problem' }));
    await user.selectOptions(dialog.getByLabelText('Reason'), 'other');
    await user.type(dialog.getByLabelText('Message'), 'The buyer says it never came');
    await user.click(dialog.getByRole('button', { name: 'Report Problem' }));
    expect(await screen.findByText('Problem Reported')).toBeInTheDocument();
    expect(protection.calls[0]).toMatchObject({
      path: '/api/orders/61/dispute',
      fields: { reason: 'other' },
    });
    expect(await card.findByText('DISPUTED')).toBeInTheDocument();
  });

  it('a refund due reads as cancelled, with its date', async () => {
    const { card } = await openSale(
      { status: 'refund_due', dueSince: '2025-03-08T00:00:00.000Z' },
      '2025-03-09T00:00:00Z',
    );
    expect(
      await card.findByText('Cancelled: the buyer’s refund is due since Mar 8'),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Upload Tracking' })).not.toBeInTheDocument();
  });
});
