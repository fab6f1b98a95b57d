import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEscrowOutcome,
  buildEscrowPurchase,
  buildEscrowRefund,
} from '@src/adapters/solana/escrow-multisig';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const PRICE = 400_000_000n;

describe('multisig escrow refunds and balances against the local chain', () => {
  let t: TestChain;
  let chain: SolanaChain;
  const calls: string[] = [];
  const arbiter = Keypair.generate();
  const buyer = Keypair.generate();
  const seller = Keypair.generate();
  const parties = {
    buyer: buyer.publicKey.toBase58(),
    seller: seller.publicKey.toBase58(),
    arbiter: arbiter.publicKey.toBase58(),
  };

  beforeAll(async () => {
    t = await startTestChain();
    chain = new SolanaChain({
      rpc: createRpcClient({ url: t.chain.rpcUrl, onCall: (method) => calls.push(method) }),
      confirmWaitMs: 300,
      confirmPollMs: 100,
    });
    await Promise.all([t.fund(arbiter, 1), t.fund(buyer, 10), t.fund(seller, 1)]);
  });
  afterAll(() => t.stop());

  async function escrow() {
    const bought = await buildEscrowPurchase(t.connection, { ...parties, lamports: PRICE });
    bought.transaction.sign(buyer);
    await sendAndConfirm(t.connection, bought.transaction);
    return bought.escrow;
  }

  async function refund(account: string) {
    const tx = await buildEscrowRefund(t.connection, { ...parties, escrow: account });
    tx.sign(arbiter, buyer);
    return sendAndConfirm(t.connection, tx);
  }

  const refundOf = (signature: string, escrowAccount: string, lamports = PRICE) => ({
    signature,
    escrowAccount,
    buyer: parties.buyer,
    lamports,
  });

  it('accepts the arbiter and buyer’s close of the account to the buyer, and nothing else', async () => {
    const [a, b] = [await escrow(), await escrow()];
    const closed = await refund(a);
    expect(await chain.verifyEscrowRefund(refundOf(closed, a))).toEqual({ ok: true });
    // Another account's refund, or another amount, is not this one's.
    expect(await chain.verifyEscrowRefund(refundOf(closed, b))).toMatchObject({
      ok: false,
      message: `This transaction does not pay the escrow account ${b} back to the buyer: it does not close that account to the buyer`,
    });
    expect(await chain.verifyEscrowRefund(refundOf(closed, a, PRICE + 1n))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/the account did not hold the 0\.400000001 SOL paid in$/),
    });
  });

  it('refuses a close to the seller', async () => {
    const account = await escrow();
    const released = await buildEscrowOutcome(t.connection, {
      ...parties,
      outcome: 'release',
      escrow: account,
    });
    released.transaction.sign(arbiter, seller);
    const sig = await sendAndConfirm(t.connection, released.transaction);
    expect(await chain.verifyEscrowRefund(refundOf(sig, account))).toMatchObject({
      ok: false,
      reason: 'no_matching_transfer',
    });
  });

  it('reads what each account holds, 100 a call; null for a closed or absent one', async () => {
    const open = await escrow();
    const closed = await escrow();
    await refund(closed);
    const absent = Array.from({ length: 148 }, () => Keypair.generate().publicKey.toBase58());
    calls.length = 0;
    const held = await chain.escrowBalances([open, closed, ...absent]);
    expect(calls).toEqual(['getMultipleAccounts', 'getMultipleAccounts']);
    expect(held.get(open)).toBe(PRICE);
    expect(held.get(closed)).toBeNull();
    expect(held.get(absent[147]!)).toBeNull();
    expect(held.size).toBe(150);
  });
});
