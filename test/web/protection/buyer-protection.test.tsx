import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../buyer/make-order';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, makeProduct } from '../handlers';
import { message, installProtectionApi } from '../protection-handlers';
import { connectWallet, renderApp } from '../render';

const protection = installProtectionApi();
beforeAll(() => import('@web/features/buyer/buyer-dashboard'));

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** My Purchases with one order of `status`; the chain's clock reads `chainTime`. */
async function openOrder(overrides: Parameters<typeof makeOrder>[1], chainTime: string) {
  const lamp = makeProduct({ name: 'Desk lamp', price: '1.00' });
  api.state.products = [lamp];
  api.state.orders = [makeOrder(lamp, { id: 51, ...overrides })];
  api.state.chain.blockTime = at(chainTime);
  const view = renderApp({
    route: '/buyer-dashboard',
    wallets: [new FakeWalletAdapter(buyerKeys)],
  });
  await connectWallet(view.user);
  const row = within((await screen.findAllByTestId('order-row'))[0]!);
  return { ...view, row };
}

const SHIP_BY = '2025-03-07T12:00:00.000Z';

describe('buyer protection on My Purchases', () => {
  it('before the ship-by date: says when the seller ships, offers no Cancel, allows a report', async () => {
    const { row } = await openOrder(
      { status: 'escrow_held', shipBy: SHIP_BY },
      '2025-03-05T00:00:00Z',
    );
    expect(
      await row.findByText('Ship by Mar 7: if it has not shipped by then, you can cancel'),
    ).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Confirm Receipt' })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Report a Problem' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('asks a chain without a clock of its own for its latest block time', async () => {
    api.state.chain.noLocalTime = true;
    const { row } = await openOrder(
      { status: 'escrow_held', shipBy: SHIP_BY },
      '2025-03-05T00:00:00Z',
    );
    expect(
      await row.findByText('Ship by Mar 7: if it has not shipped by then, you can cancel'),
    ).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('once the ship-by date passed without tracking: Cancel Order asks, cancels, says so', async () => {
    const { row, user } = await openOrder(
      { status: 'escrow_held', shipBy: SHIP_BY, autoRefundAt: '2025-03-14T12:00:00.000Z' },
      '2025-03-08T00:00:00Z',
    );
    expect(
      await row.findByText(
        'Not shipped by Mar 7: you can cancel for a full refund; refunded automatically on Mar 14',
      ),
    ).toBeInTheDocument();
    await user.click(await row.findByRole('button', { name: 'Cancel Order' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/its 1.00 SOL refunded to you/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Keep Order' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(protection.calls.map((c) => c.path)).toEqual(['/api/orders/51/cancel']);
    expect(await row.findByText('REFUND DUE')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('shipped: says when the seller is paid, and Confirm Receipt makes the release due', async () => {
    const { row, user } = await openOrder(
      {
        status: 'tracking_uploaded',
        trackingNumber: 'TRK1',
        inspectionEndsAt: '2025-03-15T12:00:00.000Z',
      },
      '2025-03-09T00:00:00Z',
    );
    expect(
      await row.findByText(
        'Paid to the seller automatically on Mar 15 unless you report a problem',
      ),
    ).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Confirm Receipt' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/1.00 SOL is paid to the seller now/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('Receipt Confirmed')).toBeInTheDocument();
    expect(protection.calls.map((c) => c.path)).toEqual(['/api/orders/51/confirm-receipt']);
    expect(await row.findByText('RECEIVED')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Confirm Receipt' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Report a Problem' })).not.toBeInTheDocument();
  });

  it('a completed order offers no move, only its messages', async () => {
    const { row } = await openOrder({ status: 'completed' }, '2025-03-09T00:00:00Z');
    await row.findByText('COMPLETED');
    for (const name of ['Confirm Receipt', 'Cancel Order', 'Report a Problem']) {
      expect(row.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(row.queryByTestId('order-deadline')).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('shows the server’s refusal as a message', async () => {
    const { row, user } = await openOrder(
      { status: 'tracking_uploaded', inspectionEndsAt: '2025-03-15T12:00:00.000Z' },
      '2025-03-09T00:00:00Z',
    );
    protection.failNext = {
      status: 409,
      error: 'Receipt can only be confirmed for an order that has been shipped',
    };
    await user.click(await row.findByRole('button', { name: 'Confirm Receipt' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Confirm Receipt',
      }),
    );
    expect(await screen.findByText('Confirmation Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Receipt can only be confirmed for an order that has been shipped'),
    ).toBeInTheDocument();
  });
});

describe('reporting a problem', () => {
  async function openReport() {
    const view = await openOrder(
      { status: 'tracking_uploaded', inspectionEndsAt: '2025-03-15T12:00:00.000Z' },
      '2025-03-09T00:00:00Z',
    );
    await view.user.click(await view.row.findByRole('button', { name: 'Report a Problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a Problem' }));
    return { ...view, dialog };
  }

  it('offers the five reasons', async () => {
    const { dialog } = await openReport();
    const options = within(dialog.getByLabelText('Reason')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select a reason',
      'Not received',
      'Not as described',
      'Damaged',
      'Wrong item',
      'Other',
    ]);
  });

  it('needs a reason and some text or a file, and sends nothing until then', async () => {
    const { dialog, user } = await openReport();
    await user.click(dialog.getByRole('button', { name: 'Report Problem' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choose what the problem is');
    await user.selectOptions(dialog.getByLabelText('Reason'), 'damaged');
    await user.type(dialog.getByLabelText('Message'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Report Problem' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('A report needs some text or a file');
    expect(protection.calls).toHaveLength(0);
  });

  it('refuses a file over 10MB by name, as delivery proofs do', async () => {
    const { dialog, user } = await openReport();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(dialog.getByLabelText('Evidence (optional)'), big);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'huge.jpg is too large, maximum size is 10MB',
    );
    expect(dialog.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
  });

  it('sends the reason, the message and the evidence; the order shows DISPUTED', async () => {
    const { dialog, user, row } = await openReport();
    await user.selectOptions(dialog.getByLabelText('Reason'), 'not_as_described');
    await user.type(dialog.getByLabelText('Message'), 'The lamp is blue, not red.');
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Evidence (optional)'), photo);
    await user.click(dialog.getByRole('button', { name: 'Report Problem' }));
    expect(await screen.findByText('Problem Reported')).toBeInTheDocument();
    expect(protection.calls).toEqual([
      {
        path: '/api/orders/51/dispute',
        fields: { reason: 'not_as_described', message: 'The lamp is blue, not red.' },
        files: ['photo.png'],
      },
    ]);
    expect(await row.findByText('DISPUTED')).toBeInTheDocument();
    expect(
      row.getByText('Under review: nothing is paid until an admin resolves the problem'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const { dialog, user } = await openReport();
    await user.selectOptions(dialog.getByLabelText('Reason'), 'other');
    await user.type(dialog.getByLabelText('Message'), 'Late');
    protection.failNext = {
      status: 409,
      error: 'The inspection period ended on Mar 15; the payment is due to the seller',
    };
    await user.click(dialog.getByRole('button', { name: 'Report Problem' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The inspection period ended on Mar 15; the payment is due to the seller',
    );
    expect(dialog.getByRole('button', { name: 'Report Problem' })).toBeEnabled();
  });
});

describe('the order’s messages', () => {
  it('shows the thread with its dispute and files, and sends a message with a file', async () => {
    const { row, user } = await openOrder({ status: 'disputed' }, '2025-03-09T00:00:00Z');
    protection.threads.set(51, {
      dispute: {
        id: 1,
        orderId: 51,
        openedBy: 'buyer',
        reason: 'damaged',
        openedAt: '2025-03-08T10:00:00.000Z',
        resolution: null,
        sellerLamports: null,
        buyerLamports: null,
        resolvedAt: null,
      },
      messages: [
        message(51, 'buyer', 'Broken on arrival', ['9f2c41d07a.jpg'], ['p1.jpg']),
        message(51, 'seller', 'Sorry to hear it', []),
      ],
    });
    await user.click(await row.findByRole('button', { name: 'Messages' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Messages' }));
    expect(await dialog.findByText('Broken on arrival')).toBeInTheDocument();
    // The buyer's own message is theirs; the seller's is the seller's.
    const [mine, theirs] = within(dialog.getByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    expect(mine).toHaveTextContent(/^You \(Buyer\) · /);
    expect(theirs).toHaveTextContent(/^Seller · /);
    // Shown by the name it was uploaded under; served by its stored name.
    expect(dialog.getByRole('link', { name: 'p1.jpg' })).toHaveAttribute(
      'href',
      '/uploads/9f2c41d07a.jpg',
    );
    expect(dialog.getByTestId('dispute-summary')).toHaveTextContent(
      'Problem reported by the buyer: Damaged',
    );
    await user.click(dialog.getByRole('button', { name: 'Send Message' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('A message needs some text or a file');
    await user.type(dialog.getByLabelText('Your message'), 'Here is the box');
    await user.upload(
      dialog.getByLabelText('Files (optional)'),
      new File(['x'], 'box.pdf', { type: 'application/pdf' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Send Message' }));
    expect(await dialog.findByText('Here is the box')).toBeInTheDocument();
    expect(protection.calls).toEqual([
      { path: '/api/orders/51/messages', fields: { body: 'Here is the box' }, files: ['box.pdf'] },
    ]);
    await waitFor(() => expect(dialog.getByLabelText('Your message')).toHaveValue(''));
  });

  it('shows the listing as it was bought, folded away', async () => {
    const { row, user } = await openOrder({ status: 'disputed' }, '2025-03-09T00:00:00Z');
    protection.threads.set(51, {
      dispute: null,
      messages: [],
      listingAsSold: {
        name: 'Brass lamp',
        description: 'Working, with its original shade',
        condition: 'like_new',
        images: ['/uploads/img-lamp.jpg'],
      },
    });
    await user.click(await row.findByRole('button', { name: 'Messages' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Messages' }));
    const asSold = await dialog.findByTestId('listing-as-sold');
    expect(asSold).not.toHaveAttribute('open');
    await user.click(within(asSold).getByText('The listing as bought'));
    expect(asSold).toHaveAttribute('open');
    expect(asSold).toHaveTextContent('Brass lamp · Like new');
    expect(asSold).toHaveTextContent('Working, with its original shade');
    expect(within(asSold).getByRole('img', { name: 'Photo 1 as bought' })).toHaveAttribute(
      'src',
      '/uploads/img-lamp.jpg',
    );
  });

  it('shows why a message was refused', async () => {
    const { row, user } = await openOrder({ status: 'completed' }, '2025-03-09T00:00:00Z');
    await user.click(await row.findByRole('button', { name: 'Messages' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Messages' }));
    expect(await dialog.findByText('No messages yet.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Your message'), 'Hello');
    protection.failNext = { status: 400, error: 'A message can be at most 2000 characters' };
    await user.click(dialog.getByRole('button', { name: 'Send Message' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A message can be at most 2000 characters',
    );
  });
});
