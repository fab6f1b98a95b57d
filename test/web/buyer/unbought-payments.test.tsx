import { screen, within } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519';
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimEscrowRefund, escrowRefund } from '@src/contracts/payments';
import type { Payment } from '@src/domain/entities';
import { TOKEN_PROGRAM } from '@src/domain/escrow-multisig';
import { BLOCKHASH } from '../chain-handlers';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, buyerUser, escrowKeys } from '../handlers';
import { connectWallet, renderApp } from '../render';
import { server } from '../setup';
import { reply } from '../wire';

beforeAll(() => import('@web/features/buyer/buyer-dashboard'));

const unbought = (overrides: Partial<Payment> = {}): Payment => ({
  id: 1,
  signature: 'PaySig1',
  payerWallet: buyerUser.walletAddress,
  lamports: 700_000_000n,
  productId: 5,
  orderId: null,
  status: 'refund_due',
  reason: 'the product is no longer available',
  refundSignature: null,
  escrowAccount: 'Escrow1111111111111111111111111111111111111',
  createdAt: '2025-03-10T10:00:00.000Z',
  refundedAt: null,
  ...overrides,
});

/** The server's side: the close of the escrow account the arbiter signed, and the claim. */
function installRefundApi() {
  const claims: { payment: string; signature: string }[] = [];
  server.use(
    http.get('/api/payments/:signature/escrow-refund', () => {
      const tx = new Transaction({
        feePayer: escrowKeys.publicKey,
        blockhash: BLOCKHASH,
        lastValidBlockHeight: 250,
      }).add(
        new TransactionInstruction({
          programId: new PublicKey(TOKEN_PROGRAM),
          keys: [
            { pubkey: buyerKeys.publicKey, isSigner: true, isWritable: true },
            { pubkey: escrowKeys.publicKey, isSigner: true, isWritable: false },
          ],
          data: Buffer.from([9]),
        }),
      );
      tx.partialSign(escrowKeys);
      return reply(escrowRefund, {
        transaction: tx.serialize({ requireAllSignatures: false }).toString('base64'),
        lastValidBlockHeight: 250n,
      });
    }),
    http.post('/api/payments/:signature/escrow-refund', async ({ request, params }) => {
      const { signature } = (await request.json()) as { signature: string };
      claims.push({ payment: params.signature as string, signature });
      const payment = api.state.payments.find((p) => p.signature === params.signature)!;
      Object.assign(payment, {
        status: 'refunded',
        refundSignature: signature,
        refundedAt: '2025-03-12T10:00:00.000Z',
      });
      return reply(claimEscrowRefund, payment);
    }),
  );
  return claims;
}

async function openPurchases() {
  const view = renderApp({
    route: '/buyer-dashboard',
    wallets: [new FakeWalletAdapter(buyerKeys)],
  });
  await connectWallet(view.user);
  await screen.findByRole('heading', { name: 'Recent Orders' });
  return view;
}

describe('My Purchases: payments that bought nothing', () => {
  it('multisig mode: Claim Refund signs the arbiter’s close, sends it and has it recorded', async () => {
    api.state.escrowMode = 'multisig';
    api.state.payments = [unbought()];
    const claims = installRefundApi();
    const { user } = await openPurchases();
    const section = within(
      await screen.findByRole('region', { name: 'Payments that bought nothing' }),
    );
    expect(section.getByText('0.70 SOL')).toBeInTheDocument();
    expect(section.getByText('the product is no longer available')).toBeInTheDocument();
    expect(section.getByText('REFUND DUE')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Claim Refund' }));
    expect(await screen.findByText('Refund Claimed')).toBeInTheDocument();
    const [tx] = api.state.chain.sent;
    const message = tx!.serializeMessage();
    const signatureOf = (key: typeof buyerKeys) =>
      tx!.signatures.find((s) => s.publicKey.equals(key.publicKey))!.signature!;
    expect(ed25519.verify(signatureOf(escrowKeys), message, escrowKeys.publicKey.toBytes())).toBe(
      true,
    );
    expect(ed25519.verify(signatureOf(buyerKeys), message, buyerKeys.publicKey.toBytes())).toBe(
      true,
    );
    expect(claims).toEqual([{ payment: 'PaySig1', signature: expect.any(String) }]);
    expect(await section.findByText('REFUNDED')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Claim Refund' })).not.toBeInTheDocument();
    expect(section.getByText('Refunded to your wallet on Mar 12, 2025')).toBeInTheDocument();
  });

  it('wallet mode: a refunded payment says when it came back', async () => {
    api.state.payments = [
      unbought({
        escrowAccount: null,
        signature: 'PaySig2',
        id: 2,
        createdAt: '2025-03-10T12:00:00.000Z',
      }),
      unbought({
        escrowAccount: null,
        status: 'refunded',
        refundSignature: 'RefundSig1',
        refundedAt: '2025-03-11T10:00:00.000Z',
      }),
    ];
    await openPurchases();
    const section = within(
      await screen.findByRole('region', { name: 'Payments that bought nothing' }),
    );
    const [due, refunded] = section
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r));
    expect(due!.getByText('The marketplace refunds it to your wallet')).toBeInTheDocument();
    expect(refunded!.getByText('REFUNDED')).toBeInTheDocument();
    expect(refunded!.getByText('Refunded to your wallet on Mar 11, 2025')).toBeInTheDocument();
  });

  it('wallet mode: no claim, the marketplace refunds it', async () => {
    api.state.payments = [unbought({ escrowAccount: null })];
    await openPurchases();
    const section = within(
      await screen.findByRole('region', { name: 'Payments that bought nothing' }),
    );
    expect(section.getByText('The marketplace refunds it to your wallet')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Claim Refund' })).not.toBeInTheDocument();
  });

  it('shows nothing when every payment bought its order', async () => {
    api.state.escrowMode = 'multisig';
    api.state.payments = [unbought({ status: 'matched', orderId: 3 })];
    await openPurchases();
    expect(
      screen.queryByRole('region', { name: 'Payments that bought nothing' }),
    ).not.toBeInTheDocument();
  });
});
