import { createSolanaRpc } from '@solana/kit';
import { Keypair, LAMPORTS_PER_SOL, SolanaJSONRPCError } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const waitForSlot = async (t: TestChain, slot: number) => {
  while (t.chain.slot() < slot) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('local chain blocks and cluster methods', () => {
  let t: TestChain;
  const alice = Keypair.generate();
  const bob = Keypair.generate();
  let paid: string;
  beforeAll(async () => {
    t = await startTestChain({ slotMs: 5 });
    await t.fund(alice, 3);
    paid = await sendAndConfirm(
      t.connection,
      await buildTransfer(t.connection, alice, bob.publicKey, BigInt(LAMPORTS_PER_SOL)),
    );
  });
  afterAll(() => t.stop());
  const rpc = () => createRpcClient({ url: t.chain.rpcUrl });

  it('serves the block a transfer landed in, with web3.js and kit', async () => {
    const { slot } = (await t.connection.getTransaction(paid, { commitment: 'confirmed' }))!;
    const block = await t.connection.getBlock(slot, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(block?.transactions.map((tx) => tx.transaction.signatures[0])).toContain(paid);
    expect(block?.parentSlot).toBe(slot - 1);
    expect(block?.blockTime).toBe(await t.connection.getBlockTime(slot));
    const parent = await t.connection.getBlock(slot - 1, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(block?.previousBlockhash).toBe(parent?.blockhash);
    const kit = createSolanaRpc(t.chain.rpcUrl);
    const signatures = await kit
      .getBlock(BigInt(slot), {
        commitment: 'confirmed',
        transactionDetails: 'signatures',
        rewards: false,
      })
      .send();
    expect(signatures?.signatures).toContain(paid);
    expect(await kit.getBlockTime(BigInt(slot)).send()).toBe(BigInt(block!.blockTime!));
    await waitForSlot(t, slot + 33);
    const finalized = await t.connection.getBlocks(slot - 2, slot);
    expect(finalized).toEqual([slot - 2, slot - 1, slot]);
  });

  it('answers -32004 for a block that is not there yet', async () => {
    const ahead = t.chain.slot() + 1000;
    await expect(rpc().call('getBlock', [ahead])).rejects.toMatchObject({
      details: { rpcCode: -32004 },
      message: expect.stringContaining(`Block not available for slot ${ahead}`),
    });
    await expect(rpc().call('getBlock', [1, { commitment: 'processed' }])).rejects.toMatchObject({
      details: { rpcCode: -32602 },
    });
  });

  it('answers -32016 when minContextSlot is ahead of the node', async () => {
    const error = await t.connection
      .getSlot({ minContextSlot: t.chain.slot() + 10_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolanaJSONRPCError);
    expect(error).toMatchObject({ code: -32016 });
    expect((error as Error).message).toMatch(/Minimum context slot has not been reached/);
    await expect(
      t.connection.getBalance(alice.publicKey, { minContextSlot: t.chain.slot() + 10_000 }),
    ).rejects.toThrow(/Minimum context slot has not been reached/);
    const kit = createSolanaRpc(t.chain.rpcUrl);
    const reached = await kit.getSlot({ minContextSlot: 1n, commitment: 'confirmed' }).send();
    expect(reached).toBeGreaterThan(0n);
  });

  it('describes the epoch schedule, supply, cluster nodes and performance samples', async () => {
    expect(await t.connection.getEpochSchedule()).toMatchObject({
      slotsPerEpoch: 432_000,
      leaderScheduleSlotOffset: 432_000,
      warmup: false,
    });
    const supply = await t.connection.getSupply();
    expect(supply.value.total).toBe(supply.value.circulating + supply.value.nonCirculating);
    expect(supply.value.circulating).toBeGreaterThanOrEqual(3 * LAMPORTS_PER_SOL);
    expect(supply.value.nonCirculatingAccounts).toHaveLength(1);
    const [node] = await t.connection.getClusterNodes();
    expect(node?.rpc).toBe(new URL(t.chain.rpcUrl).host);
    await waitForSlot(t, t.chain.slot() + 151);
    const samples = await t.connection.getRecentPerformanceSamples(5);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples[0]).toMatchObject({
      numSlots: expect.any(Number),
      samplePeriodSecs: expect.any(Number),
    });
    const total = samples.reduce((sum, s) => sum + s.numTransactions, 0);
    expect(total).toBeLessThanOrEqual(await t.connection.getTransactionCount());
    const kit = createSolanaRpc(t.chain.rpcUrl);
    expect((await kit.getEpochSchedule().send()).slotsPerEpoch).toBe(432_000n);
    expect((await kit.getClusterNodes().send())[0]?.pubkey).toBe(node?.pubkey);
    const kitSupply = await kit.getSupply().send();
    expect(kitSupply.value.total).toBe(
      kitSupply.value.circulating + kitSupply.value.nonCirculating,
    );
    const kitSamples = await kit.getRecentPerformanceSamples(1).send();
    expect(kitSamples).toHaveLength(1);
  });
});
