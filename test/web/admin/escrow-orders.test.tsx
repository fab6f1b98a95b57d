import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { api, makeProduct, RPC_URL } from '../handlers';
import { withWire } from '../wire';
import { installAdminApi } from './admin-handlers';
import { openAdminDashboard, openEscrowTab } from './open-admin-dashboard';

installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

describe('admin Escrow Management', () => {
  it('shows each order awaiting review with its proof, buyer contact and payment link', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '1.50' });
    api.state.products = [lamp];
    api.state.orders = [
      makeOrder(lamp, {
        id: 31,
        status: 'tracking_uploaded',
        trackingNumber: 'TRK-31',
        trackingUploadedAt: '2025-03-06T12:00:00.000Z',
        uploadedFiles: ['proof-1.pdf', 'proof-2.jpg'],
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        buyerAddress: '1 Main St',
        escrowTransactionHash: 'EscrowSig31',
      }),
      withWire(makeOrder(lamp, { id: 32, status: 'tracking_uploaded' }), {
        uploadedFiles: 'not json',
      }),
      makeOrder(lamp, { id: 33, status: 'escrow_held' }),
    ];
    await openEscrowTab(await openAdminDashboard());
    expect(await screen.findByText('2 pending')).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Order #31' }));
    expect(card.getByText('Tracking Uploaded')).toBeInTheDocument();
    expect(card.getByText('1.50 SOL')).toBeInTheDocument();
    const fact = (term: string) => card.getByText(term).nextElementSibling?.textContent;
    expect(fact('Uploaded')).toBe('Mar 6, 2025');
    expect(fact('Tracking Number')).toBe('TRK-31');
    expect(card.getByRole('link', { name: 'proof-1.pdf' })).toHaveAttribute(
      'href',
      '/uploads/proof-1.pdf',
    );
    expect(card.getByRole('link', { name: 'proof-2.jpg' })).toHaveAttribute(
      'href',
      '/uploads/proof-2.jpg',
    );
    expect(fact('Buyer Name')).toBe('Ada Lovelace');
    expect(fact('Buyer Email')).toBe('ada@example.com');
    expect(fact('Buyer Address')).toBe('1 Main St');
    expect(card.getByRole('link', { name: 'View Payment' })).toHaveAttribute(
      'href',
      `https://explorer.solana.com/tx/EscrowSig31?cluster=custom&customUrl=${encodeURIComponent(RPC_URL)}`,
    );
    expect(card.getByRole('button', { name: 'Release Funds' })).toBeEnabled();
    expect(card.getByRole('button', { name: 'Refund Buyer' })).toBeEnabled();
    const broken = within(screen.getByRole('article', { name: 'Order #32' }));
    expect(broken.getByText('Invalid file data')).toBeInTheDocument();
    // Not shipped yet: listed apart, refundable, never releasable.
    const unshipped = within(await screen.findByRole('article', { name: 'Order #33' }));
    expect(unshipped.getByText('Awaiting Shipment')).toBeInTheDocument();
    expect(unshipped.queryByRole('button', { name: 'Release Funds' })).toBeNull();
  });

  it('says so when nothing waits for review', async () => {
    await openEscrowTab(await openAdminDashboard());
    expect(await screen.findByText('No orders pending review.')).toBeInTheDocument();
    expect(screen.getByText('0 pending')).toBeInTheDocument();
    expect(screen.getByText('No payments are waiting for a refund.')).toBeInTheDocument();
  });
});
