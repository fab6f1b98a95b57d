import { PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEscrowOutcome,
  buildEscrowPurchase,
  KeypairEscrowCosigner,
  toInstruction,
} from '@src/adapters/solana/escrow-multisig';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { startTestChain, type TestChain } from '../support/chain';
import { listing, orderBody } from '../support/fixtures';

// ESCROW_MODE=multisig over real HTTP and the local chain: a payment that bought nothing (sold
// out, deleted meanwhile) waits in its own escrow account; its payer claims it back with the
// arbiter's signature, and the server records it once the chain shows every lamport returned.
let tc: TestChain;
let api: Api;
let seller: Client;
let buyer: Client;
let rival: Client;
let admin: Client;

beforeAll(async () => {
  tc = await startTestChain();
  const chain = new SolanaChain({
    rpc: createRpcClient({ url: tc.chain.rpcUrl }),
    confirmWaitMs: 300,
  });
  api = await startApi({
    chain,
    escrowVerifier: chain,
    cosigner: (arbiter) => new KeypairEscrowCosigner(tc.connection, arbiter, chain),
  });
  [seller, buyer, rival, admin] = [api.client(), api.client(), api.client(), api.admin()];
  await Promise.all([seller.signIn(), buyer.signIn(), rival.signIn(), admin.signIn()]);
  await Promise.all([
    tc.fund(buyer.keypair, 20),
    tc.fund(rival.keypair, 20),
    tc.fund(api.escrow, 5),
  ]);
});
afterAll(async () => {
  await api.close();
  await tc.stop();
});

const balance = async (address: string) =>
  BigInt(await tc.connection.getBalance(new PublicKey(address)));

async function product(price: string) {
  const res = await seller.post('/api/products', listing({ sellerId: seller.user!.id, price }));
  expect(res.status).toBe(201);
  return res.body as { id: number; price: string; sellerId: number };
}

async function pay(who: Client, price: string) {
  const bought = await buildEscrowPurchase(tc.connection, {
    buyer: who.wallet,
    seller: seller.wallet,
    arbiter: api.escrow.publicKey.toBase58(),
    lamports: solToLamports(price),
  });
  bought.transaction.sign(who.keypair);
  return { ...bought, signature: await sendAndConfirm(tc.connection, bought.transaction) };
}

const order = (who: Client, p: { id: number; price: string; sellerId: number }, sig: string) =>
  who.post('/api/orders', orderBody(who.user!.id, p, sig));

/** The payer fetches the arbiter-signed close, signs it and sends it; then reports it. */
async function claim(who: Client, payment: string) {
  const offered = await who.get(`/api/payments/${payment}/escrow-refund`);
  expect(offered.status).toBe(200);
  const tx = Transaction.from(Buffer.from(offered.body.transaction, 'base64'));
  tx.partialSign(who.keypair);
  const sig = await tc.connection.sendRawTransaction(tx.serialize());
  await tc.connection.confirmTransaction(
    {
      signature: sig,
      blockhash: tx.recentBlockhash!,
      lastValidBlockHeight: Number(offered.body.lastValidBlockHeight),
    },
    'confirmed',
  );
  return {
    sig,
    reply: await who.post(`/api/payments/${payment}/escrow-refund`, { signature: sig }),
  };
}

describe('a multisig payment that bought nothing goes back to its payer', () => {
  it('sold out meanwhile: recorded refund-due with its escrow account; only the payer claims, once, every lamport', async () => {
    const p = await product('0.70');
    const [won, lost] = [await pay(rival, '0.70'), await pay(buyer, '0.70')];
    expect((await order(rival, p, won.signature)).status).toBe(201);
    const refused = await order(buyer, p, lost.signature);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Your payment was received but could not buy this product: the product is no longer available. It is flagged for a refund to your wallet.',
    );
    const mine = await buyer.get('/api/payments');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        signature: lost.signature,
        lamports: '700000000',
        productId: p.id,
        orderId: null,
        status: 'refund_due',
        escrowAccount: lost.escrow,
      }),
    ]);
    // The rival's payment bought its order: not among the rival's payments that bought nothing.
    expect((await rival.get('/api/payments')).body).toEqual([]);

    // Not the payer: refused, and the arbiter signs nothing for it.
    expect((await rival.get(`/api/payments/${lost.signature}/escrow-refund`)).status).toBe(403);
    expect(
      (
        await rival.post(`/api/payments/${lost.signature}/escrow-refund`, {
          signature: won.signature,
        })
      ).status,
    ).toBe(403);
    // The marketplace cannot pay it from the escrow wallet either.
    const fromWallet = await admin.post(
      `/api/admin/payments/${lost.signature}/refund?walletAddress=${admin.wallet}`,
      { refundTransactionHash: won.signature },
    );
    expect(fromWallet.status).toBe(409);

    // Reconcile counts it: its account holds what it must until the buyer claims it.
    const reconcile = () => admin.get(`/api/admin/reconcile?walletAddress=${admin.wallet}`);
    expect((await reconcile()).body.refundDueAccounts).toEqual([
      { signature: lost.signature, account: lost.escrow, lamports: '700000000', due: '700000000' },
    ]);

    const held = await balance(lost.escrow);
    expect(held).toBe(700_000_000n + lost.rent.tokenAccount);
    const before = await balance(buyer.wallet);
    const { sig, reply } = await claim(buyer, lost.signature);
    expect(reply).toMatchObject({
      status: 200,
      body: { signature: lost.signature, status: 'refunded', refundSignature: sig },
    });
    // The arbiter paid the fee: the buyer got back exactly what the escrow account held.
    expect((await balance(buyer.wallet)) - before).toBe(held);
    expect(await tc.connection.getAccountInfo(new PublicKey(lost.escrow), 'confirmed')).toBeNull();

    // Once only: the same close reported again (a lost answer) answers the payment as recorded;
    // any other is refused.
    const again = await buyer.post(`/api/payments/${lost.signature}/escrow-refund`, {
      signature: sig,
    });
    expect(again).toMatchObject({
      status: 200,
      body: { status: 'refunded', refundSignature: sig },
    });
    const other = await buyer.post(`/api/payments/${lost.signature}/escrow-refund`, {
      signature: lost.signature,
    });
    expect(other).toMatchObject({
      status: 409,
      body: { error: 'This payment is refunded, not due for a refund' },
    });
    expect((await buyer.get(`/api/payments/${lost.signature}/escrow-refund`)).status).toBe(409);
    expect((await reconcile()).body.refundDueAccounts).toEqual([]);
    expect((await buyer.get('/api/payments')).body).toEqual([
      expect.objectContaining({ signature: lost.signature, status: 'refunded' }),
    ]);
  });

  it('the arbiter alone cannot close the escrow account, and no other close is taken for the refund', async () => {
    const p = await product('0.20');
    const [won, lost] = [await pay(rival, '0.20'), await pay(buyer, '0.20')];
    expect((await order(rival, p, won.signature)).status).toBe(201);
    expect((await order(buyer, p, lost.signature)).status).toBe(409);

    const alone = new Transaction().add(
      toInstruction({
        kind: 'token',
        accounts: [
          { address: lost.escrow, isSigner: false, isWritable: true },
          { address: api.escrow.publicKey.toBase58(), isSigner: false, isWritable: true },
          { address: lost.multisig, isSigner: false, isWritable: false },
          { address: api.escrow.publicKey.toBase58(), isSigner: true, isWritable: false },
        ],
        data: [9],
      }),
    );
    alone.feePayer = api.escrow.publicKey;
    alone.recentBlockhash = (await tc.connection.getLatestBlockhash()).blockhash;
    alone.sign(api.escrow);
    await expect(sendAndConfirm(tc.connection, alone)).rejects.toThrow();
    expect(await balance(lost.escrow)).toBe(200_000_000n + lost.rent.tokenAccount);

    // A transaction that does not close this account to the buyer is not its refund.
    const wrong = await buyer.post(`/api/payments/${lost.signature}/escrow-refund`, {
      signature: won.signature,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(
      new RegExp(
        `^This transaction does not pay the escrow account ${lost.escrow} back to the buyer`,
      ),
    );
    const { reply } = await claim(buyer, lost.signature);
    expect(reply).toMatchObject({ status: 200, body: { status: 'refunded' } });
  });

  it('deleted meanwhile: a sound payment is kept refund-due (product gone) and claimed back', async () => {
    const p = await product('0.15');
    const paid = await pay(buyer, '0.15');
    expect((await seller.del(`/api/products/${p.id}`)).status).toBe(200);
    const refused = await order(buyer, p, paid.signature);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error:
          'Your payment was received but could not buy this product: the product no longer exists. It is flagged for a refund to your wallet.',
      },
    });
    const payments = (await buyer.get('/api/payments')).body as { signature: string }[];
    expect(payments).toContainEqual(
      expect.objectContaining({
        signature: paid.signature,
        productId: null,
        status: 'refund_due',
        escrowAccount: paid.escrow,
      }),
    );
    // A signature the chain never saw, for a product that is gone: still just not found.
    const ghost = await order(buyer, p, bs58.encode(crypto.getRandomValues(new Uint8Array(64))));
    expect(ghost).toMatchObject({ status: 404, body: { error: 'Product not found' } });

    const before = await balance(buyer.wallet);
    const { reply } = await claim(buyer, paid.signature);
    expect(reply).toMatchObject({ status: 200, body: { status: 'refunded' } });
    expect((await balance(buyer.wallet)) - before).toBe(150_000_000n + paid.rent.tokenAccount);
  });

  it('an escrow account buyer and seller closed between them: nothing for the arbiter to sign', async () => {
    const p = await product('0.10');
    const [won, lost] = [await pay(rival, '0.10'), await pay(buyer, '0.10')];
    expect((await order(rival, p, won.signature)).status).toBe(201);
    expect((await order(buyer, p, lost.signature)).status).toBe(409);
    const between = await buildEscrowOutcome(tc.connection, {
      buyer: buyer.wallet,
      seller: seller.wallet,
      arbiter: api.escrow.publicKey.toBase58(),
      outcome: 'refund',
      by: 'parties',
      escrow: lost.escrow,
    });
    between.transaction.sign(buyer.keypair, seller.keypair);
    await sendAndConfirm(tc.connection, between.transaction);
    expect(await buyer.get(`/api/payments/${lost.signature}/escrow-refund`)).toMatchObject({
      status: 409,
      body: { error: `The escrow account ${lost.escrow} is closed: nothing is left in it` },
    });
  });
});
