import { Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEscrowOutcome,
  buildEscrowPurchase,
  escrowAccountOf,
  newEscrowSeed,
  pairMultisig,
  toInstruction,
} from '@src/adapters/solana/escrow-multisig';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { purchasePlan, type EscrowStep } from '@src/domain/escrow-multisig';
import { startTestChain, type TestChain } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);
const PRICE = (3n * SOL) / 2n;
const RENT = { multisig: 3_361_680n, tokenAccount: 2_039_280n };

describe('SolanaChain.verifyEscrowPayment against the local chain', () => {
  let t: TestChain;
  let chain: SolanaChain;
  const arbiter = Keypair.generate();

  beforeAll(async () => {
    t = await startTestChain();
    chain = new SolanaChain({
      rpc: createRpcClient({ url: t.chain.rpcUrl }),
      confirmWaitMs: 300,
      confirmPollMs: 100,
    });
    await t.fund(arbiter, 1);
  });
  afterAll(() => t.stop());

  async function newPair() {
    const buyer = Keypair.generate();
    const seller = Keypair.generate();
    await Promise.all([t.fund(buyer, 5), t.fund(seller, 1)]);
    const parties = {
      buyer: buyer.publicKey.toBase58(),
      seller: seller.publicKey.toBase58(),
      arbiter: arbiter.publicKey.toBase58(),
    };
    return { buyer, seller, parties };
  }

  const expectation = (parties: { buyer: string; seller: string }, signature: string) => ({
    ...parties,
    arbiter: arbiter.publicKey.toBase58(),
    signature,
    lamports: PRICE,
  });

  /** The buyer's purchase as the plan makes it, changed by `forge` before the buyer signs. */
  async function payForged(
    pair: Awaited<ReturnType<typeof newPair>>,
    forge: (steps: EscrowStep[]) => void = () => {},
  ) {
    const seed = newEscrowSeed();
    const [multisig, escrow] = await Promise.all([
      pairMultisig(pair.parties),
      escrowAccountOf(pair.parties.buyer, seed),
    ]);
    const steps = purchasePlan({
      ...pair.parties,
      multisig,
      escrow,
      escrowSeed: seed,
      createMultisig: true,
      lamports: PRICE,
      rent: RENT,
    });
    forge(steps);
    const { blockhash, lastValidBlockHeight } = await t.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: pair.buyer.publicKey, blockhash, lastValidBlockHeight });
    tx.add(...steps.map(toInstruction)).sign(pair.buyer);
    return { signature: await sendAndConfirm(t.connection, tx), escrow };
  }

  const tokenStep = (steps: EscrowStep[], index: number) => {
    const step = steps[index];
    if (step?.kind !== 'token') throw new Error(`step ${index} is not a token instruction`);
    return step;
  };

  it('accepts the purchase the product builds and names its escrow account', async () => {
    const pair = await newPair();
    const bought = await buildEscrowPurchase(t.connection, { ...pair.parties, lamports: PRICE });
    bought.transaction.sign(pair.buyer);
    const signature = await sendAndConfirm(t.connection, bought.transaction);
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toEqual({
      ok: true,
      escrowAccount: bought.escrow,
    });
  });

  it('refuses a multisig with other signers at the pair’s address', async () => {
    const pair = await newPair();
    const accomplice = Keypair.generate().publicKey.toBase58();
    const { signature } = await payForged(pair, (steps) => {
      tokenStep(steps, 1).accounts[3]!.address = accomplice;
    });
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toMatchObject({
      ok: false,
      reason: 'escrow_invalid',
      message: expect.stringMatching(/is not of buyer, seller and arbiter$/),
    });
  });

  it('refuses a multisig of the three keys where one signature is enough (m = 1)', async () => {
    const pair = await newPair();
    const { signature } = await payForged(pair, (steps) => {
      tokenStep(steps, 1).data = [19, 1];
    });
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toMatchObject({
      ok: false,
      reason: 'escrow_invalid',
      message: expect.stringMatching(/needs 1 of 3 signatures, not 2$/),
    });
  });

  it('refuses an escrow account that holds more than the price', async () => {
    const pair = await newPair();
    const { signature, escrow } = await payForged(pair, (steps) => {
      const create = steps[2]!;
      if (create.kind === 'createWithSeed') create.lamports += 1n;
    });
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toEqual({
      ok: false,
      reason: 'escrow_invalid',
      message: `${escrow} holds 1.500000001 SOL, not the price of 1.50 SOL`,
    });
  });

  it('refuses an escrow account the buyer owns alone', async () => {
    const pair = await newPair();
    const { signature, escrow } = await payForged(pair, (steps) => {
      tokenStep(steps, 3).accounts[2]!.address = pair.parties.buyer;
    });
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toEqual({
      ok: false,
      reason: 'escrow_invalid',
      message: `${escrow} is owned by ${pair.parties.buyer}, not by the multisig of buyer, seller and arbiter`,
    });
  });

  it('refuses a payment of another amount, or for another seller', async () => {
    const pair = await newPair();
    const { signature } = await payForged(pair);
    const other = await newPair();
    expect(
      await chain.verifyEscrowPayment({ ...expectation(pair.parties, signature), lamports: SOL }),
    ).toMatchObject({ ok: false, reason: 'no_matching_transfer' });
    expect(
      await chain.verifyEscrowPayment(
        expectation({ ...pair.parties, seller: other.parties.seller }, signature),
      ),
    ).toMatchObject({ ok: false, reason: 'escrow_invalid' });
  });

  it('refuses a payment whose escrow has already been paid out', async () => {
    const pair = await newPair();
    const { signature, escrow } = await payForged(pair);
    const release = await buildEscrowOutcome(t.connection, {
      ...pair.parties,
      outcome: 'release',
      escrow,
    });
    release.transaction.sign(arbiter, pair.seller);
    await sendAndConfirm(t.connection, release.transaction);
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, signature))).toEqual({
      ok: false,
      reason: 'escrow_invalid',
      message: `${escrow} is not an open SPL token account`,
    });
  });

  it('answers not found for a signature the chain never saw', async () => {
    const pair = await newPair();
    const unseen = bs58.encode(crypto.getRandomValues(new Uint8Array(64)));
    expect(await chain.verifyEscrowPayment(expectation(pair.parties, unseen))).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
  });
});
