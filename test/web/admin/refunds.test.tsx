import { screen, within } from '@testing-library/react';
import bs58 from 'bs58';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { api, buyerUser, escrowKeys, makeProduct } from '../handlers';
import { installAdminApi } from './admin-handlers';
import { openAdminDashboard, openEscrowTab } from './open-admin-dashboard';
import { transfersIn } from '../sent-transfers';

const adminApi = installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

const transferOf = (index: number) => {
  const tx = api.state.chain.sent[index]!;
  return {
    ...transfersIn(tx)[0]!,
    signature: bs58.encode(tx.signature!),
  };
};

describe('refunds from escrow', () => {
  it('refunds the buyer of an order the exact price after its own confirmation', async () => {
    const lamp = makeProduct({ name: 'Lamp', price: '0.30' });
    api.state.products = [lamp];
    api.state.orders = [makeOrder(lamp, { id: 51, status: 'tracking_uploaded', price: '0.30' })];
    const { user } = await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Order #51' }));
    await user.click(card.getByRole('button', { name: 'Refund Buyer' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText('Are you sure you want to refund the amount to the buyer?'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund Buyer' }));
    expect(await screen.findByText('Buyer Refunded')).toBeInTheDocument();
    expect(
      screen.getByText('Successfully refunded the 0.30 SOL to the buyer.'),
    ).toBeInTheDocument();
    const transfer = transferOf(0);
    expect(transfer.fromPubkey.equals(escrowKeys.publicKey)).toBe(true);
    expect(transfer.toPubkey.toBase58()).toBe(buyerUser.walletAddress);
    expect(BigInt(transfer.lamports)).toBe(300_000_000n);
    expect(adminApi.records).toEqual([
      { path: '/api/admin/refund/51', body: { refundTransactionHash: transfer.signature } },
    ]);
    expect(api.state.orders[0]!.status).toBe('cancelled');
  });

  it('refunds an order the seller never shipped; it cannot be released', async () => {
    const kettle = makeProduct({ name: 'Kettle', price: '0.45' });
    api.state.products = [kettle];
    api.state.orders = [makeOrder(kettle, { id: 52, status: 'escrow_held', price: '0.45' })];
    const { user } = await openEscrowTab(await openAdminDashboard());
    expect(await screen.findByText('No orders pending review.')).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Order #52' }));
    expect(card.getByText('Awaiting Shipment')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Release Funds' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Refund Buyer' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Refund Buyer' }));
    expect(await screen.findByText('Buyer Refunded')).toBeInTheDocument();
    expect(BigInt(transferOf(0).lamports)).toBe(450_000_000n);
    expect(api.state.orders[0]!.status).toBe('cancelled');
  });

  it('lists payments due a refund and pays back exactly the lamports received', async () => {
    adminApi.payments = [
      {
        id: 1,
        signature: 'PaySig1',
        payerWallet: buyerUser.walletAddress,
        lamports: 1_234_567_891n,
        productId: 77,
        orderId: null,
        status: 'refund_due',
        reason: 'The product sold out before the order was recorded',
        refundSignature: null,
        escrowAccount: null,
        createdAt: '2025-03-07T12:00:00.000Z',
        refundedAt: null,
      },
    ];
    const { user } = await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payment PaySig1' }));
    expect(card.getByText('1.234567891 SOL')).toBeInTheDocument();
    expect(
      card.getByText('The product sold out before the order was recorded'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 due')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(`1.234567891 SOL to ${buyerUser.walletAddress}`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Payment Refunded')).toBeInTheDocument();
    const transfer = transferOf(0);
    expect(transfer.toPubkey.toBase58()).toBe(buyerUser.walletAddress);
    expect(BigInt(transfer.lamports)).toBe(1_234_567_891n);
    expect(adminApi.records).toEqual([
      {
        path: '/api/admin/payments/PaySig1/refund',
        body: { refundTransactionHash: transfer.signature },
      },
    ]);
    expect(await screen.findByText('No payments are waiting for a refund.')).toBeInTheDocument();
  });

  it('sends nothing when the server refuses the refund’s reservation (another admin is paying it)', async () => {
    adminApi.payments = [
      {
        id: 2,
        signature: 'PaySig2',
        payerWallet: buyerUser.walletAddress,
        lamports: 500_000_000n,
        productId: 78,
        orderId: null,
        status: 'refund_due',
        reason: 'The price changed',
        refundSignature: null,
        escrowAccount: null,
        createdAt: '2025-03-07T12:00:00.000Z',
        refundedAt: null,
      },
    ];
    adminApi.failReserve = { status: 409, error: 'A refund of this payment is under way' };
    const { user } = await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payment PaySig2' }));
    await user.click(card.getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('A refund of this payment is under way')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
    expect(adminApi.records).toEqual([]);
  });

  it('multisig mode: a payment waiting in its own escrow account is the buyer’s to claim, not paid from the wallet', async () => {
    adminApi.payments = [
      {
        id: 2,
        signature: 'PaySig2',
        payerWallet: buyerUser.walletAddress,
        lamports: 700_000_000n,
        productId: 78,
        orderId: null,
        status: 'refund_due',
        reason: 'the product is no longer available',
        refundSignature: null,
        escrowAccount: 'Escrow1111111111111111111111111111111111111',
        createdAt: '2025-03-07T12:00:00.000Z',
        refundedAt: null,
      },
    ];
    await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payment PaySig2' }));
    expect(
      card.getByText(
        'Waits in its escrow account Escrow1111111111111111111111111111111111111: the buyer claims it back from My Purchases.',
      ),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
