import { screen, within } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519';
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimEscrowOutcome, escrowOutcome } from '@src/contracts/orders';
import { TOKEN_PROGRAM } from '@src/domain/escrow-multisig';
import { makeOrder } from '../buyer/make-order';
import { api, escrowKeys, makeProduct, sellerKeys } from '../handlers';
import { BLOCKHASH } from '../chain-handlers';
import { openSellerDashboard } from '../seller/open-seller-dashboard';
import { server } from '../setup';
import { reply } from '../wire';

beforeAll(() => import('@web/features/seller/seller-dashboard'));

/** The server's side: the close signed by the arbiter, and the claim it records. */
function installClaimApi() {
  const claims: string[] = [];
  server.use(
    http.get('/api/orders/:id/escrow-outcome', () => {
      const tx = new Transaction({
        feePayer: escrowKeys.publicKey,
        blockhash: BLOCKHASH,
        lastValidBlockHeight: 250,
      }).add(
        new TransactionInstruction({
          programId: new PublicKey(TOKEN_PROGRAM),
          keys: [
            { pubkey: escrowKeys.publicKey, isSigner: true, isWritable: false },
            { pubkey: sellerKeys.publicKey, isSigner: true, isWritable: false },
          ],
          data: Buffer.from([9]),
        }),
      );
      tx.partialSign(escrowKeys);
      return reply(escrowOutcome, {
        transaction: tx.serialize({ requireAllSignatures: false }).toString('base64'),
        lastValidBlockHeight: 250n,
        outcome: 'release',
      });
    }),
    http.post('/api/orders/:id/escrow-outcome', async ({ request, params }) => {
      const { signature } = (await request.json()) as { signature: string };
      claims.push(signature);
      const order = api.state.orders.find((o) => o.id === Number(params.id))!;
      Object.assign(order, { status: 'completed', releaseTransactionHash: signature });
      return reply(claimEscrowOutcome, order);
    }),
  );
  return claims;
}

async function openDueSale(overrides: Parameters<typeof makeOrder>[1] = { status: 'release_due' }) {
  const lamp = makeProduct({ name: 'Desk lamp', price: '1.00' });
  api.state.products = [lamp];
  api.state.orders = [makeOrder(lamp, { id: 61, ...overrides })];
  const view = await openSellerDashboard();
  await view.user.click(screen.getByRole('tab', { name: 'Your Sales' }));
  const card = within(await screen.findByRole('article', { name: 'Order #61' }));
  return { ...view, card };
}

describe('claiming a payout in multisig mode', () => {
  it('the seller signs the close the arbiter signed, sends it and has it recorded', async () => {
    api.state.escrowMode = 'multisig';
    const claims = installClaimApi();
    const { card, user } = await openDueSale();
    await user.click(await card.findByRole('button', { name: 'Claim Payment' }));
    expect(await screen.findByText('Payment Claimed')).toBeInTheDocument();
    const [tx] = api.state.chain.sent;
    const message = tx!.serializeMessage();
    const signatureOf = (key: typeof sellerKeys) =>
      tx!.signatures.find((s) => s.publicKey.equals(key.publicKey))!.signature!;
    expect(ed25519.verify(signatureOf(escrowKeys), message, escrowKeys.publicKey.toBytes())).toBe(
      true,
    );
    expect(ed25519.verify(signatureOf(sellerKeys), message, sellerKeys.publicKey.toBytes())).toBe(
      true,
    );
    expect(claims).toHaveLength(1);
    expect(await card.findByText('COMPLETED')).toBeInTheDocument();
  });

  it('records on the next try a close that landed while the marketplace could not record it', async () => {
    api.state.escrowMode = 'multisig';
    const claims = installClaimApi();
    let offers = 0;
    let down = true;
    server.use(
      http.get('/api/orders/:id/escrow-outcome', () => {
        offers += 1;
        return undefined; // counted, then answered by installClaimApi's handler
      }),
      http.post('/api/orders/:id/escrow-outcome', () =>
        down
          ? HttpResponse.json({ error: 'The database is unavailable' }, { status: 503 })
          : undefined,
      ),
    );
    const { card, user } = await openDueSale();
    await user.click(await card.findByRole('button', { name: 'Claim Payment' }));
    expect(await screen.findByText('Claim Failed')).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(1); // the close landed
    down = false;
    await user.click(await card.findByRole('button', { name: 'Claim Payment' }));
    expect(await screen.findByText('Payment Claimed')).toBeInTheDocument();
    expect(offers).toBe(1); // no second close asked for
    expect(api.state.chain.sent).toHaveLength(1); // nor sent
    expect(claims).toHaveLength(1);
  });

  it('offers the claim once the inspection period is over, and not before', async () => {
    api.state.escrowMode = 'multisig';
    installClaimApi();
    api.state.chain.blockTime = Math.floor(Date.parse('2025-03-16T00:00:00Z') / 1000);
    const { card } = await openDueSale({
      status: 'tracking_uploaded',
      inspectionEndsAt: '2025-03-15T12:00:00.000Z',
    });
    expect(await card.findByRole('button', { name: 'Claim Payment' })).toBeInTheDocument();
  });

  it('offers nothing to claim while the inspection period runs', async () => {
    api.state.escrowMode = 'multisig';
    api.state.chain.blockTime = Math.floor(Date.parse('2025-03-10T00:00:00Z') / 1000);
    const { card } = await openDueSale({
      status: 'tracking_uploaded',
      inspectionEndsAt: '2025-03-15T12:00:00.000Z',
    });
    await card.findByRole('button', { name: 'Messages' });
    expect(card.queryByRole('button', { name: 'Claim Payment' })).not.toBeInTheDocument();
  });

  it('offers the claim of an admin’s release after review while the inspection period runs', async () => {
    api.state.escrowMode = 'multisig';
    const claims = installClaimApi();
    api.state.chain.blockTime = Math.floor(Date.parse('2025-03-10T00:00:00Z') / 1000);
    const { card, user } = await openDueSale({
      status: 'tracking_uploaded',
      inspectionEndsAt: '2025-03-15T12:00:00.000Z',
      decided: 'release',
    });
    // Nothing is paid automatically in this mode: the words say who claims.
    expect(
      await card.findByText('The admin decided to pay you: claim your payment'),
    ).toBeInTheDocument();
    expect(card.queryByText(/automatically/)).not.toBeInTheDocument();
    // The decision is not disputed behind the admin's back.
    expect(card.queryByRole('button', { name: 'Report a Problem' })).not.toBeInTheDocument();
    await user.click(await card.findByRole('button', { name: 'Claim Payment' }));
    expect(await screen.findByText('Payment Claimed')).toBeInTheDocument();
    expect(claims).toHaveLength(1);
  });

  it('a split claimed by the seller says its part, not the price, is paid', async () => {
    api.state.escrowMode = 'multisig';
    installClaimApi();
    const { card, user } = await openDueSale({ status: 'disputed', decided: 'release' });
    await user.click(await card.findByRole('button', { name: 'Claim Payment' }));
    expect(
      await screen.findByText('Your part of order #61 is in your wallet.'),
    ).toBeInTheDocument();
  });

  it('offers the seller nothing to claim when the admin decided a refund', async () => {
    api.state.escrowMode = 'multisig';
    const { card } = await openDueSale({ status: 'disputed', decided: 'refund' });
    await card.findByRole('button', { name: 'Messages' });
    expect(card.queryByRole('button', { name: 'Claim Payment' })).not.toBeInTheDocument();
  });

  it('offers nothing to claim in wallet mode: the escrow wallet pays', async () => {
    const { card } = await openDueSale();
    await card.findByRole('button', { name: 'Messages' });
    expect(card.queryByRole('button', { name: 'Claim Payment' })).not.toBeInTheDocument();
  });
});
