import { Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEscrowPurchase, KeypairEscrowCosigner } from '@src/adapters/solana/escrow-multisig';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { startApi, type Api, type Client } from '../support/api';
import { startTestChain, type TestChain } from '../support/chain';
import { listing, orderBody } from '../support/fixtures';

// Multisig reconcile's cost on the local chain: every escrow account was recorded with its
// payment, so one run reads them all with getMultipleAccounts, 100 a call, whatever the number
// of orders (it used to be a getTransaction and a getAccountInfo per order).
const ORDERS = 230;
const BUYERS = 5;

let tc: TestChain;
let api: Api;
let seller: Client;
let admin: Client;
let buyers: Client[];
const calls: string[] = [];

beforeAll(async () => {
  tc = await startTestChain();
  const chain = new SolanaChain({
    rpc: createRpcClient({ url: tc.chain.rpcUrl, onCall: (method) => calls.push(method) }),
    confirmWaitMs: 300,
    verifications: { perWallet: 16, overall: 64 },
  });
  api = await startApi({
    chain,
    escrowVerifier: chain,
    cosigner: (arbiter) => new KeypairEscrowCosigner(tc.connection, arbiter, chain),
  });
  seller = api.client();
  admin = api.admin();
  buyers = Array.from({ length: BUYERS }, () => api.client());
  await Promise.all([seller, admin, ...buyers].map((c) => c.signIn()));
  await Promise.all(buyers.map((b) => tc.fund(b.keypair, 10)));
}, 60_000);
afterAll(async () => {
  await api.close();
  await tc.stop();
});

async function buy(buyer: Client, product: { id: number; price: string; sellerId: number }) {
  const bought = await buildEscrowPurchase(tc.connection, {
    buyer: buyer.wallet,
    seller: seller.wallet,
    arbiter: api.escrow.publicKey.toBase58(),
    lamports: solToLamports(product.price),
  });
  bought.transaction.sign(buyer.keypair);
  const signature = await sendAndConfirm(tc.connection, bought.transaction);
  const placed = await buyer.post('/api/orders', orderBody(buyer.user!.id, product, signature));
  expect(placed.status).toBe(201);
  return bought.escrow;
}

const counted = () => {
  const byMethod: Record<string, number> = {};
  for (const method of calls) byMethod[method] = (byMethod[method] ?? 0) + 1;
  return byMethod;
};

describe('reconcile in multisig mode', () => {
  it(
    `reads ${ORDERS} orders' escrow accounts in ${Math.ceil(ORDERS / 100)} calls`,
    { timeout: 240_000 },
    async () => {
      const res = await seller.post(
        '/api/products',
        listing({ sellerId: seller.user!.id, price: '0.01', quantity: ORDERS }),
      );
      const product = res.body as { id: number; price: string; sellerId: number };
      // Each buyer's first order creates the pair's multisig; the rest reuse it, all at once.
      const escrows = await Promise.all(buyers.map((b) => buy(b, product)));
      const perBuyer = ORDERS / BUYERS - 1;
      for (let round = 0; round < perBuyer; round += 1) {
        escrows.push(...(await Promise.all(buyers.map((b) => buy(b, product)))));
      }
      expect(new Set(escrows).size).toBe(ORDERS);

      const reconcile = () => admin.get(`/api/admin/reconcile?walletAddress=${admin.wallet}`);
      expect((await reconcile()).status).toBe(200); // reads the escrow wallet's history once
      calls.length = 0;
      const report = await reconcile();
      expect(report.status).toBe(200);
      // The history since the last run (nothing new) and the accounts, 100 a call; nothing per order.
      expect(counted()).toEqual({
        getSignaturesForAddress: 1,
        getMultipleAccounts: Math.ceil(ORDERS / 100),
      });
      expect(report.body.escrowAccounts).toHaveLength(ORDERS);
      expect(report.body.missingPayments).toEqual([]);
      expect(
        new Set(report.body.escrowAccounts.map((a: { account: string }) => a.account)),
      ).toEqual(new Set(escrows));
      expect(report.body.escrowBalance).toBe(String(BigInt(ORDERS) * 10_000_000n));
      expect(report.body.difference).toBe('0');
    },
  );

  it('an outcome is signed for the escrow account the ledger recorded: no chain look-up for it', async () => {
    const res = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, price: '0.02' }),
    );
    const product = res.body as { id: number; price: string; sellerId: number };
    const buyer = buyers[0]!;
    const escrow = await buy(buyer, product);
    const id = (await buyer.get(`/api/orders/buyer/${buyer.user!.id}`)).body.find(
      (o: { productId: number }) => o.productId === product.id,
    ).id as number;
    const decided = await admin.post(
      `/api/admin/payouts/${id}/reserve?walletAddress=${admin.wallet}`,
      { action: 'refund', lastValidBlockHeight: '200000' },
    );
    expect(decided.status).toBe(201);
    calls.length = 0;
    const offered = await buyer.get(`/api/orders/${id}/escrow-outcome`);
    expect(offered.status).toBe(200);
    // The close is built on the recorded account (read through the cosigner's own connection);
    // the verifier is not asked to find it from the payment (a getTransaction and a getAccountInfo).
    // The one call is the chain's height: whether a close made now lands before the decision lapses.
    expect(calls).toEqual(['getBlockHeight']);
    expect(
      Transaction.from(Buffer.from(offered.body.transaction, 'base64')).instructions.some((ix) =>
        ix.keys.some((k) => k.pubkey.toBase58() === escrow),
      ),
    ).toBe(true);
  });
});
