import { screen, waitFor, within } from '@testing-library/react';
import { PublicKey, SystemInstruction, SystemProgram } from '@solana/web3.js';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product } from '@src/domain/entities';
import { multisigSeed, TOKEN_PROGRAM } from '@src/domain/escrow-multisig';
import { FakeWalletAdapter } from '../fake-wallet';
import { api, buyerKeys, buyerUser, escrowKeys, makeProduct } from '../handlers';
import { sellerUser } from '../fixtures';
import { connectWallet, renderApp } from '../render';
import { readyToBuy } from './ready-to-buy';
import { budgetIn } from '../sent-transfers';
import { server } from '../setup';

const TOKEN = new PublicKey(TOKEN_PROGRAM);

async function buy(product: Product) {
  api.state.escrowMode = 'multisig';
  const view = await readyToBuy(product);
  await view.user.click(view.dialog.getByRole('button', { name: 'Buy Now with SOL' }));
  expect(await screen.findByText('Payment Secured!')).toBeInTheDocument();
  expect(api.state.chain.sent).toHaveLength(1);
  return api.state.chain.sent[0]!;
}

const pairMultisig = () =>
  PublicKey.createWithSeed(
    buyerKeys.publicKey,
    multisigSeed(sellerUser.walletAddress, escrowKeys.publicKey.toBase58()),
    TOKEN,
  );

describe('purchase in multisig mode', () => {
  it('creates the pair’s 2-of-3 multisig and pays the price into the order’s own escrow account', async () => {
    const tx = await buy(makeProduct({ name: 'Desk lamp', price: '0.10' }));
    const multisig = await pairMultisig();
    const steps = tx.instructions.slice(2);
    expect(budgetIn(tx)).toMatchObject({ first: true, units: 2 * (3 * 4_500 + 5 * 150) });
    const [createMultisig, initMultisig, createEscrow, initEscrow, transfer, sync] = steps;
    expect(SystemInstruction.decodeCreateWithSeed(createMultisig!)).toMatchObject({
      basePubkey: buyerKeys.publicKey,
      newAccountPubkey: multisig,
      space: 355,
      lamports: 3_361_680,
    });
    // InitializeMultisig2, m = 2, of buyer, seller and the arbiter (the escrow wallet's key).
    expect([...initMultisig!.data]).toEqual([19, 2]);
    expect(initMultisig!.keys.map((k) => k.pubkey.toBase58())).toEqual([
      multisig.toBase58(),
      buyerUser.walletAddress,
      sellerUser.walletAddress,
      escrowKeys.publicKey.toBase58(),
    ]);
    const escrow = SystemInstruction.decodeCreateWithSeed(createEscrow!).newAccountPubkey;
    expect(initEscrow!.keys[2]!.pubkey.equals(multisig)).toBe(true);
    expect(SystemInstruction.decodeTransfer(transfer!)).toMatchObject({
      fromPubkey: buyerKeys.publicKey,
      toPubkey: escrow,
      lamports: 100_000_000n,
    });
    expect([...sync!.data]).toEqual([17]);
    expect(
      steps.every(
        (ix) => ix.programId.equals(SystemProgram.programId) || ix.programId.equals(TOKEN),
      ),
    ).toBe(true);
    expect(api.state.orderPosts).toHaveLength(1);
  });

  it('reuses the multisig the pair already has', async () => {
    api.state.chain.accounts.add((await pairMultisig()).toBase58());
    const tx = await buy(makeProduct({ name: 'Chair', price: '0.20' }));
    const steps = tx.instructions.slice(2);
    expect(steps).toHaveLength(4);
    expect(SystemInstruction.decodeTransfer(steps[2]!).lamports).toBe(200_000_000n);
  });

  it('pays nothing when the server cannot say where payments go', async () => {
    const product = makeProduct({ name: 'Stool', price: '0.30' });
    api.state.products = [product];
    const view = renderApp({ wallets: [new FakeWalletAdapter(buyerKeys)] });
    await connectWallet(view.user);
    await waitFor(() => expect(api.state.sessionWallet).toBe(buyerUser.walletAddress));
    await view.user.click(within(await screen.findByTestId('product-card')).getByRole('button'));
    const dialog = within(await screen.findByRole('dialog', { name: product.name }));
    const button = dialog.getByRole('button', { name: 'Buy Now with SOL' });
    await waitFor(() => expect(button).toBeEnabled());
    server.use(
      http.get('/api/config', () => HttpResponse.json({ error: 'down' }, { status: 503 })),
    );
    await view.user.click(button);
    expect(
      await screen.findByText('Transaction failed: Escrow wallet not found'),
    ).toBeInTheDocument();
    expect(api.state.chain.sent).toHaveLength(0);
    expect(api.state.orderPosts).toHaveLength(0);
  });
});
