import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import bs58 from 'bs58';
import { ed25519 } from '@noble/curves/ed25519';
import { beforeAll, describe, expect, it } from 'vitest';
import { installAdminApi } from '../admin/admin-handlers';
import { openAdminDashboard, openEscrowTab } from '../admin/open-admin-dashboard';
import { makeOrder } from '../buyer/make-order';
import { api, buyerUser, escrowKeys, makeProduct, sellerUser } from '../handlers';
import { installProtectionApi, message } from '../protection-handlers';
import { transfersIn } from '../sent-transfers';

const adminApi = installAdminApi();
const protection = installProtectionApi();
beforeAll(() => import('@web/features/admin/admin-dashboard'));

const lamp = () => makeProduct({ name: 'Lamp', price: '1.00' });

/** Answers the confirm step the Resolve Dispute button opens. */
async function confirmIn(user: UserEvent, button: string) {
  const confirm = within(await screen.findByRole('alertdialog', { name: button }));
  expect(confirm.getByText(/This action cannot be undone\./)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: button }));
}

/** The transfers of the one transaction sent: to whom, how much, signed by escrow. */
function sentTransfers() {
  expect(api.state.chain.sent).toHaveLength(1);
  const tx = api.state.chain.sent[0]!;
  expect(ed25519.verify(tx.signature!, tx.serializeMessage(), escrowKeys.publicKey.toBytes())).toBe(
    true,
  );
  return {
    signature: bs58.encode(tx.signature!),
    transfers: transfersIn(tx).map((t) => {
      expect(t.fromPubkey.equals(escrowKeys.publicKey)).toBe(true);
      return { to: t.toPubkey.toBase58(), lamports: BigInt(t.lamports) };
    }),
  };
}

describe('payouts due in Escrow Management', () => {
  it('lists each due payout with why and since when, and says when none is due', async () => {
    const product = lamp();
    const order = makeOrder(product, { id: 71, status: 'release_due', price: '1.00' });
    api.state.products = [product];
    api.state.orders = [order];
    adminApi.due = [
      {
        order,
        action: 'release',
        reason: 'The buyer confirmed receipt',
        since: '2025-03-09T10:00:00.000Z',
        attempt: null,
      },
    ];
    await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payout #71' }));
    expect(card.getByText('1.00 SOL to the seller')).toBeInTheDocument();
    expect(card.getByText('The buyer confirmed receipt · due since Mar 9')).toBeInTheDocument();
    expect(screen.getByText('1 due')).toBeInTheDocument();
  });

  it('says so when nothing is due', async () => {
    await openEscrowTab(await openAdminDashboard());
    expect(await screen.findByText('No payouts are due.')).toBeInTheDocument();
    expect(screen.getByText('No open disputes.')).toBeInTheDocument();
  });

  it('Pay Now reserves, sends the exact refund carrying the reference, and records it', async () => {
    const product = lamp();
    const order = makeOrder(product, { id: 72, status: 'refund_due', price: '1.00' });
    api.state.products = [product];
    api.state.orders = [order];
    adminApi.due = [
      { order, action: 'refund', reason: 'Not shipped', since: order.createdAt, attempt: null },
    ];
    const { user } = await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payout #72' }));
    adminApi.due = [];
    await user.click(card.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Buyer Refunded')).toBeInTheDocument();
    const { signature, transfers } = sentTransfers();
    expect(transfers).toEqual([{ to: buyerUser.walletAddress, lamports: 1_000_000_000n }]);
    expect(adminApi.reserves.map((r) => r.body)).toEqual([
      { action: 'refund', lastValidBlockHeight: 250 },
    ]);
    expect(adminApi.records).toEqual([{ path: '/api/admin/payouts/72', body: { signature } }]);
  });

  it('a payout being made by the server cannot be paid again here', async () => {
    const product = lamp();
    const order = makeOrder(product, { id: 73, status: 'release_due' });
    api.state.products = [product];
    api.state.orders = [order];
    adminApi.due = [
      {
        order,
        action: 'release',
        reason: 'The buyer confirmed receipt',
        since: order.createdAt,
        attempt: {
          id: 1,
          orderId: 73,
          action: 'release',
          sellerLamports: 1_000_000_000n,
          buyerLamports: 0n,
          reference: escrowKeys.publicKey.toBase58(),
          lastValidBlockHeight: 300n,
          signature: null,
          status: 'open',
          madeBy: 'settlement',
          createdAt: order.createdAt,
          closedAt: null,
        },
      },
    ];
    await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Payout #73' }));
    expect(card.getByText('Being paid (by the server)')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });
});

describe('resolving a dispute', () => {
  async function openDispute() {
    const product = lamp();
    api.state.products = [product];
    api.state.orders = [makeOrder(product, { id: 81, status: 'disputed', price: '1.00' })];
    const view = await openEscrowTab(await openAdminDashboard());
    const card = within(await screen.findByRole('article', { name: 'Dispute #81' }));
    return { ...view, card };
  }

  it('shows the thread with the evidence', async () => {
    const { card, user } = await openDispute();
    protection.threads.set(81, {
      dispute: null,
      messages: [message(81, 'buyer', 'It arrived broken', ['evidence.jpg'])],
    });
    await user.click(card.getByRole('button', { name: 'View Thread' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Messages' }));
    expect(dialog.getByText('Order #81 · Lamp')).toHaveAttribute('title', 'Order #81 · Lamp');
    expect(await dialog.findByText('It arrived broken')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'evidence.jpg' })).toBeInTheDocument();
  });

  it('Cancel closes the Resolve Dispute dialog; nothing is sent', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    expect(dialog.getByRole('group', { name: 'Decision' })).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Refund the buyer' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Resolve Dispute' })).toBeNull();
    expect(adminApi.reserves).toHaveLength(0);
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('a split must leave something to each side, in SOL to 2 decimals; nothing is sent', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Split between them' }));
    await user.type(dialog.getByLabelText('Seller’s part (SOL)'), '1.00');
    await user.click(dialog.getByRole('button', { name: 'Split Payment' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'The seller’s part must be more than 0 and less than the price (1.00 SOL)',
    );
    await user.clear(dialog.getByLabelText('Seller’s part (SOL)'));
    await user.type(dialog.getByLabelText('Seller’s part (SOL)'), '0.333');
    await user.click(dialog.getByRole('button', { name: 'Split Payment' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(adminApi.reserves).toHaveLength(0);
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('a split pays each side exactly its part in one escrow transaction, then records it', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Split between them' }));
    await user.type(dialog.getByLabelText('Seller’s part (SOL)'), '0.40');
    expect(
      dialog.getByText('0.40 SOL to the seller and 0.60 SOL to the buyer'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Split Payment' }));
    await confirmIn(user, 'Split Payment');
    expect(await screen.findByText('Dispute Resolved')).toBeInTheDocument();
    const { signature, transfers } = sentTransfers();
    expect(transfers).toEqual([
      { to: sellerUser.walletAddress, lamports: 400_000_000n },
      { to: buyerUser.walletAddress, lamports: 600_000_000n },
    ]);
    expect(adminApi.reserves[0]!.body).toMatchObject({ action: 'split', sellerPart: '0.40' });
    expect(adminApi.records).toEqual([{ path: '/api/admin/payouts/81', body: { signature } }]);
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
  });

  it('in multisig mode a split is the admin’s decision only: reserved, nothing sent', async () => {
    api.state.escrowMode = 'multisig';
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Split between them' }));
    await user.type(dialog.getByLabelText('Seller’s part (SOL)'), '0.40');
    await user.click(dialog.getByRole('button', { name: 'Split Payment' }));
    await confirmIn(user, 'Split Payment');
    expect(await screen.findByText('Decision Recorded')).toBeInTheDocument();
    expect(adminApi.reserves[0]!.body).toMatchObject({
      action: 'split',
      sellerPart: '0.40',
      // The decision stands about a day of blocks for the party paid to claim it.
      lastValidBlockHeight: api.state.chain.blockHeight + 216_000,
    });
    expect(api.state.chain.sent).toHaveLength(0);
    expect(adminApi.records).toEqual([]);
    expect(
      await card.findByText('Decision recorded: the seller claims the payment from Your Sales.'),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('chooses nothing for the admin: the button waits for a decision', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    for (const radio of dialog.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(dialog.getByRole('button', { name: 'Resolve' })).toBeDisabled();
    await user.click(dialog.getByRole('radio', { name: 'Refund the buyer' }));
    expect(dialog.getByRole('button', { name: 'Refund Buyer' })).toBeEnabled();
  });

  it('asks before the money moves, and Cancel moves nothing', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Release to the seller' }));
    await user.click(dialog.getByRole('button', { name: 'Release to Seller' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Release to Seller' }));
    expect(
      confirm.getByText('Are you sure you want to resolve this dispute: 1.00 SOL to the seller?'),
    ).toBeInTheDocument();
    expect(
      confirm.getByText(
        'Warning: This action cannot be undone. The dispute is closed and the money leaves escrow.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Resolve Dispute' })).toBeInTheDocument();
    expect(adminApi.reserves).toHaveLength(0);
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('release pays the seller the price', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Release to the seller' }));
    await user.click(dialog.getByRole('button', { name: 'Release to Seller' }));
    await confirmIn(user, 'Release to Seller');
    expect(await screen.findByText('Dispute Resolved')).toBeInTheDocument();
    expect(sentTransfers().transfers).toEqual([
      { to: sellerUser.walletAddress, lamports: 1_000_000_000n },
    ]);
  });

  it('a payout reserved but not sent is never sent again from here: Check Payout asks the server', async () => {
    const product = lamp();
    api.state.products = [product];
    api.state.orders = [makeOrder(product, { id: 82, status: 'disputed', price: '1.00' })];
    const { user } = await openEscrowTab(
      await openAdminDashboard(escrowKeys, { declineTransactions: true }),
    );
    const card = within(await screen.findByRole('article', { name: 'Dispute #82' }));
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Release to the seller' }));
    await user.click(dialog.getByRole('button', { name: 'Release to Seller' }));
    await confirmIn(user, 'Release to Seller');
    expect(await screen.findByText('Resolution Failed')).toBeInTheDocument();
    expect(adminApi.reserves).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(card.getByRole('alert')).toHaveTextContent('A payout was reserved but not recorded.');
    expect(card.getByRole('button', { name: 'Resolve' })).toBeDisabled();
    adminApi.recoverOutcome = 'abandoned';
    await user.click(card.getByRole('button', { name: 'Check Payout' }));
    expect(await screen.findByText('Payout Not Made')).toBeInTheDocument();
    expect(adminApi.recovered).toEqual([82]);
    expect(card.getByRole('button', { name: 'Resolve' })).toBeEnabled();
    expect(adminApi.reserves).toHaveLength(1);
    expect(adminApi.records).toHaveLength(0);
  });

  it('shows the server’s refusal and sends nothing', async () => {
    const { card, user } = await openDispute();
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve Dispute' }));
    await user.click(dialog.getByRole('radio', { name: 'Refund the buyer' }));
    adminApi.failReserve = { status: 409, error: 'Another payout of this order is under way' };
    await user.click(dialog.getByRole('button', { name: 'Refund Buyer' }));
    await confirmIn(user, 'Refund Buyer');
    expect(await screen.findByText('Resolution Failed')).toBeInTheDocument();
    expect(screen.getByText('Another payout of this order is under way')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
  });
});
