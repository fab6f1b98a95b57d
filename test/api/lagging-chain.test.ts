import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { PROFILES } from '@src/local-chain/profile';
import { startApi, type Api, type Client } from '../support/api';
import { startTestChain, type TestChain } from '../support/chain';
import { listing, orderBody } from '../support/fixtures';

// A node that serves getTransaction well after it reports `confirmed` (the mainnet profile with
// a 4 s history lag, beyond the 3 s the server used to wait): the server waits for it, and still refuses a never-seen signature fast.
let tc: TestChain;
let api: Api;
let seller: Client;
let buyer: Client;

beforeAll(async () => {
  tc = await startTestChain({
    profile: {
      ...PROFILES.mainnet!,
      slotMs: 50,
      txLagSlots: 80,
      dropRate: 0,
      rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
    },
  });
  api = await startApi({
    chain: new SolanaChain({ rpc: createRpcClient({ url: tc.chain.rpcUrl }) }),
  });
  [seller, buyer] = [api.client(), api.client()];
  await Promise.all([seller.signIn(), buyer.signIn()]);
  await Promise.all([tc.fund(buyer.keypair, 5), tc.fund(api.escrow, 1)]);
});
afterAll(async () => {
  await api.close();
  await tc.stop();
});

async function orderFor(signature: string) {
  const res = await seller.post(
    '/api/products',
    listing({ sellerId: seller.user!.id, price: '0.5' }),
  );
  const p = res.body as { id: number; price: string; sellerId: number };
  return buyer.post('/api/orders', orderBody(buyer.user!.id, p, signature));
}

describe('verifying a purchase on a node whose history lags', () => {
  it('waits for the transaction to be served and records the order', async () => {
    const tx = await buildTransfer(
      tc.connection,
      buyer.keypair,
      api.escrow.publicKey,
      500_000_000n,
    );
    const signature = await sendAndConfirm(tc.connection, tx);
    expect(
      await tc.connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      }),
    ).toBeNull();
    const placed = await orderFor(signature);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'escrow_held', escrowTransactionHash: signature });
  });

  it('still refuses a signature the chain has never seen without waiting', async () => {
    const unknown = bs58.encode(Keypair.generate().secretKey);
    const started = Date.now();
    const placed = await orderFor(unknown);
    expect(placed.status).toBeGreaterThanOrEqual(400);
    expect(placed.status).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
