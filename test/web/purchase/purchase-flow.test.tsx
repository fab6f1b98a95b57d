import { screen, within } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { api, buyerKeys, buyerUser, escrowKeys, makeProduct } from '../handlers';
import { openAsBuyer, readyToBuy } from './ready-to-buy';
import { budgetIn, transfersIn } from '../sent-transfers';

describe('purchase flow', () => {
  it('pays the exact price into escrow, records the order and says Payment Secured!', async () => {
    const product = makeProduct({ name: 'Desk lamp', price: '0.10' });
    const { user, dialog } = await readyToBuy(product);
    api.state.chain.sendDelayMs = 200;
    api.state.chain.recentFees = [0, 1500, 900, 4000, 2500];
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(await dialog.findByRole('button', { name: 'Processing Transaction...' })).toBeDisabled();
    expect(await screen.findByText('Payment Secured!')).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent('Order recorded.');
    // The way to the order: the buyer's own page.
    expect(dialog.getByRole('link', { name: 'My Purchases' })).toHaveAttribute(
      'href',
      '/buyer-dashboard',
    );
    expect(dialog.queryByRole('button', { name: /Buy Now with SOL|Complete Purchase/ })).toBeNull();
    expect(
      screen.getByText(
        'Your payment of 0.10 SOL is held in escrow. The seller will be notified to ship.',
      ),
    ).toBeInTheDocument();

    const [tx] = api.state.chain.sent;
    // Opened by a unit limit and the median recent priority fee, as wallets and mainnet expect.
    expect(budgetIn(tx!)).toEqual({ first: true, units: 900, microLamports: 1500n });
    const transfer = transfersIn(tx!)[0]!;
    expect(transfer.fromPubkey.toBase58()).toBe(buyerUser.walletAddress);
    expect(transfer.toPubkey.equals(escrowKeys.publicKey)).toBe(true);
    expect(BigInt(transfer.lamports)).toBe(100_000_000n);
    expect(
      ed25519.verify(tx!.signature!, tx!.serializeMessage(), buyerKeys.publicKey.toBytes()),
    ).toBe(true);
    expect(api.state.orderPosts).toHaveLength(1);
    expect(api.state.orderPosts[0]).toMatchObject({
      productId: product.id,
      buyerId: buyerUser.id,
      sellerId: product.sellerId,
      price: '0.10',
      status: 'escrow_held',
    });
    expect(api.state.orders).toHaveLength(1);
  });

  it('shows the buyer a dropped payment being re-sent, the same signed bytes, paid once', async () => {
    const { user, dialog, wallet } = await readyToBuy(makeProduct({ name: 'Radio' }));
    api.state.chain.dropSends = 1;
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await dialog.findByText('Waiting for the network to confirm your payment…'),
    ).toBeInTheDocument();
    expect(
      await dialog.findByText(
        'The network has not taken it yet: re-sending the same signed payment…',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Payment Secured!', {}, { timeout: 5_000 })).toBeInTheDocument();
    const [first, second] = api.state.chain.sent;
    expect(second!.signature).toEqual(first!.signature);
    expect(wallet.signRequests).toBe(1);
    expect(api.state.orderPosts).toHaveLength(1);
  });

  it('asks to sign again only once the dropped payment has expired unseen, and pays once', async () => {
    const { user, dialog, wallet } = await readyToBuy(makeProduct({ name: 'Clock' }));
    api.state.chain.dropSends = 1_000;
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await dialog.findByText('Waiting for the network to confirm your payment…'),
    ).toBeInTheDocument();
    // The chain moves past the blockhash's last valid height (250) with the payment unseen.
    api.state.chain.sendDelayMs = 800;
    api.state.chain.dropSends = 0;
    api.state.chain.blockHeight = 300;
    expect(
      await dialog.findByText(
        'Your payment expired before the network took it; nothing was paid. Sign again in your wallet.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Payment Secured!', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(wallet.signRequests).toBe(2);
    const signatures = new Set(api.state.chain.sent.map((tx) => bs58.encode(tx.signature!)));
    expect(signatures.size).toBe(2);
    const landed = [...signatures].filter(
      (sig) => api.state.chain.statuses.get(sig)?.confirmationStatus === 'confirmed',
    );
    expect(landed).toHaveLength(1);
    expect(api.state.orderPosts).toHaveLength(1);
    expect(api.state.orderPosts[0]).toMatchObject({ escrowTransactionHash: landed[0] });
  });

  it('opens the contact form first, validates it with the spec messages, then pays', async () => {
    const product = makeProduct({
      name: 'Bookshelf',
      requiresEmail: true,
      requiresAddress: true,
      requiresName: true,
    });
    const { user, dialog } = await readyToBuy(product);
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    const complete = dialog.getByRole('button', { name: 'Complete Purchase' });
    await user.click(complete);
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(dialog.getByText('Shipping address is required')).toBeInTheDocument();
    expect(dialog.getByText('Full name is required')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);

    await user.type(dialog.getByLabelText('Email Address'), 'not-an-email');
    await user.type(dialog.getByLabelText('Shipping Address'), '1 Main St, Springfield');
    await user.type(dialog.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.click(complete);
    expect(dialog.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(dialog.queryByText('Shipping address is required')).not.toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Email Address'));
    await user.type(dialog.getByLabelText('Email Address'), 'ada@example.com');
    await user.click(complete);
    expect(await screen.findByText('Payment Secured!')).toBeInTheDocument();
    expect(api.state.orderPosts[0]).toMatchObject({
      buyerEmail: 'ada@example.com',
      buyerAddress: '1 Main St, Springfield',
      buyerName: 'Ada Lovelace',
    });
    expect(dialog.queryByLabelText('Email Address')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Buy another' }));
    expect(dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(1);
  });

  it('resets the contact form when the dialog closes', async () => {
    const product = makeProduct({ name: 'Rug', requiresName: true });
    const { user, dialog } = await readyToBuy(product);
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    await user.type(dialog.getByLabelText('Full Name'), 'Grace');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByTestId('product-card')).getByRole('button'));
    const again = within(await screen.findByRole('dialog', { name: 'Rug' }));
    expect(again.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(again.getByRole('button', { name: 'Buy Now with SOL' })).toBeInTheDocument();
  });

  it('shows Transaction Failed when the wallet declines, and records nothing', async () => {
    const { user, dialog } = await readyToBuy(makeProduct({ name: 'Tent' }), {
      declineTransactions: true,
    });
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(await screen.findByText('Transaction Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Transaction failed: You declined it in your wallet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Transaction Failed').closest('li')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    expect(api.state.orderPosts).toHaveLength(0);
    expect(dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeEnabled();
  });

  it('shows a seller their own listing without a buy button: This is your listing', async () => {
    const { dialog } = await openAsBuyer(
      makeProduct({ name: 'My own lamp', sellerId: buyerUser.id }),
    );
    expect(await dialog.findByText('This is your listing')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /Buy Now with SOL|Sold Out/ })).toBeNull();
    expect(screen.queryByText('Transaction Failed')).not.toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
  });

  it('says in plain words why the network refused it, never the node’s raw text', async () => {
    const { user, dialog } = await readyToBuy(makeProduct({ name: 'Drone' }));
    api.state.chain.failSend =
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1. ' +
      'Logs: ["Transfer: insufficient lamports 9629965000, need 29810000000"]';
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: Your wallet does not hold enough SOL for this and the network fee.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/insufficient lamports|simulation/)).not.toBeInTheDocument();
    expect(api.state.orderPosts).toHaveLength(0);
  });

  it('names a busy network and an unknown refusal plainly', async () => {
    const { user, dialog } = await readyToBuy(makeProduct({ name: 'Kite' }));
    api.state.chain.failSend = '429 Too Many Requests';
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: The network is busy or cannot be reached. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    api.state.chain.failSend =
      'Error processing Instruction 0: invalid account data for instruction';
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText('Transaction failed: The network refused it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/invalid account data/)).not.toBeInTheDocument();
  });

  it('checks the balance before the wallet is asked to sign, and says what is missing', async () => {
    const { user, dialog, wallet } = await readyToBuy(
      makeProduct({ name: 'Sofa', price: '29.81' }),
    );
    api.state.chain.balance = 9_629_965_000;
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    expect(
      await screen.findByText(
        'Transaction failed: You have 9.629965 SOL; this costs 29.81 SOL plus a network fee of 0.000005 SOL.',
      ),
    ).toBeInTheDocument();
    expect(wallet.signRequests).toBe(0);
    expect(api.state.chain.sent).toHaveLength(0);
    expect(api.state.orderPosts).toHaveLength(0);
    expect(dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeEnabled();
  });

  it('keeps the payment when recording fails, and Retry recording re-posts the same signature', async () => {
    const { user, dialog } = await readyToBuy(makeProduct({ name: 'Guitar' }));
    api.state.orderFailures = [{ status: 500, error: 'Database unavailable' }];
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    const alert = within(await dialog.findByRole('alert'));
    expect(
      alert.getByText('Your payment went through, but the order was not recorded.'),
    ).toBeInTheDocument();
    expect(alert.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Transaction failed: Database unavailable')).toBeInTheDocument();
    const signature = api.state.orderPosts[0]!.escrowTransactionHash as string;
    expect(alert.getByText(signature)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Buy Now with SOL' })).toBeDisabled();

    await user.click(alert.getByRole('button', { name: 'Retry recording' }));
    expect(await screen.findByText('Payment Secured!')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(1);
    expect(api.state.orderPosts.map((post) => post.escrowTransactionHash)).toEqual([
      signature,
      signature,
    ]);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no retry when the server flagged the payment for refund (409)', async () => {
    const { user, dialog } = await readyToBuy(makeProduct({ name: 'Sofa' }));
    const message = 'This product can no longer be sold; your payment is flagged for refund';
    api.state.orderFailures = [{ status: 409, error: message }];
    await user.click(dialog.getByRole('button', { name: 'Buy Now with SOL' }));
    const alert = within(await dialog.findByRole('alert'));
    expect(alert.getByText(message)).toBeInTheDocument();
    expect(alert.queryByRole('button', { name: 'Retry recording' })).not.toBeInTheDocument();
  });
});
