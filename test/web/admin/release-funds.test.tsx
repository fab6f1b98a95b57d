import { screen, waitFor, within } from '@testing-library/react';
import bs58 from 'bs58';
import { ed25519 } from '@noble/curves/ed25519';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { api, buyerKeys, buyerUser, escrowKeys, makeProduct, sellerUser } from '../handlers';
import { installAdminApi } from './admin-handlers';
import { openAdminDashboard, openEscrowTab } from './open-admin-dashboard';
import { transfersIn } from '../sent-transfers';

const adminApi = installAdminApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

async function setup(options: Parameters<typeof openAdminDashboard>[1] = {}, keys = escrowKeys) {
  const lamp = makeProduct({ name: 'Lamp', price: '1.25' });
  api.state.products = [lamp];
  api.state.orders = [makeOrder(lamp, { id: 41, status: 'tracking_uploaded', price: '1.25' })];
  const view = await openEscrowTab(await openAdminDashboard(keys, options));
  const card = within(await screen.findByRole('article', { name: 'Order #41' }));
  return { ...view, card };
}

const confirmDialog = async () => within(await screen.findByRole('alertdialog'));

describe('releasing escrowed funds', () => {
  it('asks first; Cancel sends nothing', async () => {
    const { user, card } = await setup();
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    const dialog = await confirmDialog();
    expect(
      dialog.getByText('Are you sure you want to release the amount to the seller?'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Warning: This action cannot be undone. Ensure you have verified the tracking information and delivery proof.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText('1.25 SOL to the seller of order #41')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.state.chain.sent).toHaveLength(0);
    expect(adminApi.records).toHaveLength(0);
  });

  it('in multisig mode records the decision for the seller to claim, and sends nothing', async () => {
    api.state.escrowMode = 'multisig';
    const { user, card } = await setup();
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(await screen.findByText('Decision Recorded')).toBeInTheDocument();
    expect(adminApi.reserves.map((r) => r.body)).toEqual([
      { action: 'release', lastValidBlockHeight: api.state.chain.blockHeight + 216_000 },
    ]);
    expect(api.state.chain.sent).toHaveLength(0);
    expect(adminApi.records).toHaveLength(0);
    // Decided: the card says who claims it and offers no second decision (it would be refused).
    expect(
      await card.findByText('Decision recorded: the seller claims the payment from Your Sales.'),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Release Funds' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Refund Buyer' })).not.toBeInTheDocument();
  });

  it('pays the seller the exact price from escrow, signed by the escrow wallet, then records it', async () => {
    const { user, card } = await setup();
    api.state.chain.sendDelayMs = 200;
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByText('Funds Released')).toBeInTheDocument();
    expect(screen.getByText('Successfully released the 1.25 SOL to seller.')).toBeInTheDocument();

    expect(api.state.chain.sent).toHaveLength(1);
    const tx = api.state.chain.sent[0]!;
    const transfer = transfersIn(tx)[0]!;
    expect(transfer.fromPubkey.equals(escrowKeys.publicKey)).toBe(true);
    expect(transfer.toPubkey.toBase58()).toBe(sellerUser.walletAddress);
    expect(BigInt(transfer.lamports)).toBe(1_250_000_000n);
    expect(
      ed25519.verify(tx.signature!, tx.serializeMessage(), escrowKeys.publicKey.toBytes()),
    ).toBe(true);
    expect(adminApi.records).toEqual([
      {
        path: '/api/admin/release-funds/41',
        body: { releaseTransactionHash: bs58.encode(tx.signature!) },
      },
    ]);
    expect(await screen.findByText('No orders pending review.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows Release Failed when the wallet declines, and records nothing', async () => {
    const { user, card } = await setup({ declineTransactions: true });
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(await screen.findByText('Release Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Transaction failed: You declined it in your wallet.'),
    ).toBeInTheDocument();
    expect(adminApi.records).toHaveLength(0);
    expect(card.getByRole('button', { name: 'Release Funds' })).toBeEnabled();
  });

  it('refuses with Missing required data when the seller record cannot be read', async () => {
    api.state.users = api.state.users.filter((u) => u.id !== sellerUser.id);
    const { user, card } = await setup();
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(await screen.findByText('Missing required data')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('refuses to pay from an admin wallet that is not the escrow wallet', async () => {
    api.state.admins.add(buyerUser.walletAddress);
    const { user, card } = await setup({}, buyerKeys);
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(
      await screen.findByText(/^The connected wallet is not the escrow wallet/),
    ).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('keeps the signature when recording fails and retries with it, never paying twice', async () => {
    const { user, card } = await setup();
    adminApi.failRecord = [{ status: 503, error: 'Database unavailable' }];
    await user.click(card.getByRole('button', { name: 'Release Funds' }));
    await user.click((await confirmDialog()).getByRole('button', { name: 'Release Funds' }));
    expect(await screen.findByText('Release Failed')).toBeInTheDocument();
    const alert = within(await card.findByRole('alert'));
    expect(
      alert.getByText('The transfer went through, but it was not recorded.'),
    ).toBeInTheDocument();
    expect(alert.getByText('Database unavailable')).toBeInTheDocument();
    const signature = bs58.encode(api.state.chain.sent[0]!.signature!);
    expect(alert.getByText(signature)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Release Funds' })).toBeDisabled();
    expect(card.getByRole('button', { name: 'Refund Buyer' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('escrow-unrecorded-payouts')!)).toEqual({
      'release:41': signature,
    });

    await user.click(alert.getByRole('button', { name: 'Retry recording' }));
    expect(await screen.findByText('Funds Released')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(1);
    expect(adminApi.records.map((r) => r.body.releaseTransactionHash)).toEqual([
      signature,
      signature,
    ]);
    expect(localStorage.getItem('escrow-unrecorded-payouts')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Order #41' })).not.toBeInTheDocument(),
    );
  });

  it('after a reload, a saved unrecorded release is recorded again instead of paid again', async () => {
    localStorage.setItem(
      'escrow-unrecorded-payouts',
      JSON.stringify({ 'release:41': 'SavedSig41' }),
    );
    adminApi.failRecord = [
      { status: 400, error: 'The release transfer does not match this order' },
    ];
    const { user, card } = await setup();
    const alert = within(card.getByRole('alert'));
    expect(alert.getByText('SavedSig41')).toBeInTheDocument();
    await user.click(alert.getByRole('button', { name: 'Retry recording' }));
    expect(
      await screen.findByText('The release transfer does not match this order', {
        selector: 'span',
      }),
    ).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
    expect(adminApi.records).toEqual([
      { path: '/api/admin/release-funds/41', body: { releaseTransactionHash: 'SavedSig41' } },
    ]);
  });
});
