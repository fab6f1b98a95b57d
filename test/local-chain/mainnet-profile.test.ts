import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startLocalChain } from '@src/local-chain/local-chain';
import { chainProfile, PROFILES, type ChainProfile } from '@src/local-chain/profile';

const SOL = BigInt(LAMPORTS_PER_SOL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mainnet profile, quick (50 ms slots), with the knobs a test does not look at turned off. */
async function setup(overrides: Partial<ChainProfile> = {}, random?: () => number) {
  const profile: ChainProfile = {
    ...PROFILES.mainnet!,
    slotMs: 50,
    dropRate: 0,
    rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
    ...overrides,
  };
  const chain = await startLocalChain({ port: 0, profile, random });
  const connection = createConnection(chain.rpcUrl);
  const rpc = createRpcClient({ url: chain.rpcUrl });
  const payer = Keypair.generate();
  await chain.airdrop(payer.publicKey.toBase58(), 10n * SOL);
  const transfer = () => buildTransfer(connection, payer, Keypair.generate().publicKey, SOL / 10n);
  const send = (wire: Buffer) =>
    rpc.call<string>('sendTransaction', [wire.toString('base64'), { encoding: 'base64' }]);
  const status = async (signature: string) =>
    (await connection.getSignatureStatus(signature)).value;
  const stop = async () => {
    (connection as unknown as { _rpcWebSocket: { close(): void } })._rpcWebSocket.close();
    await chain.stop();
  };
  return { chain, connection, rpc, transfer, send, status, stop };
}

describe('local chain on the mainnet profile', () => {
  it('confirms a slot or two after landing, and serves the transaction later still', async () => {
    // Slots of 250 ms: the status read right after landing must come within the slot, and a
    // busy machine's event loop can stall longer than 50 ms.
    const t = await setup({ slotMs: 250 });
    try {
      const tx = await t.transfer();
      const signature = await t.send(tx.serialize());
      const landed = await t.status(signature);
      expect(landed).toMatchObject({ confirmationStatus: 'processed', confirmations: 0 });
      expect(await t.connection.getTransaction(signature, { commitment: 'confirmed' })).toBeNull();
      while ((await t.status(signature))?.confirmationStatus === 'processed') await sleep(10);
      const confirmedAt = t.chain.slot();
      expect(confirmedAt - landed!.slot).toBeGreaterThanOrEqual(1);
      let found = await t.connection.getTransaction(signature, { commitment: 'confirmed' });
      while (!found) {
        await sleep(10);
        found = await t.connection.getTransaction(signature, { commitment: 'confirmed' });
      }
      expect(t.chain.slot() - landed!.slot).toBeGreaterThanOrEqual(2 + 2);
      // web3.js's own confirmation copes with the delay.
      await sendAndConfirm(t.connection, await t.transfer());
    } finally {
      await t.stop();
    }
  });

  it('drops a share of sends without a word; the same transaction sent again lands', async () => {
    const draws = [0.05, 0.9];
    const t = await setup({ dropRate: 0.1 }, () => draws.shift() ?? 0.9);
    try {
      const tx = await t.transfer();
      const signature = await t.send(tx.serialize());
      expect(signature).toBe(bs58.encode(tx.signature!));
      await sleep(300);
      expect(await t.status(signature)).toBeNull();
      expect(await t.send(tx.serialize())).toBe(signature);
      expect(await t.status(signature)).toMatchObject({ err: null });
    } finally {
      await t.stop();
    }
  });

  it("expires a blockhash after the profile's slots", async () => {
    const t = await setup({ blockhashSlots: 10, slotMs: 20 });
    try {
      const tx = await t.transfer();
      await sleep(400);
      expect(await t.connection.isBlockhashValid(tx.recentBlockhash!)).toMatchObject({
        value: false,
      });
      await expect(t.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
        'Blockhash not found',
      );
    } finally {
      await t.stop();
    }
  });

  it('lets a dropped transaction expire as a node does: block height exceeded', async () => {
    const t = await setup({ blockhashSlots: 8, slotMs: 20, dropRate: 1 });
    try {
      const tx = await t.transfer();
      const signature = await t.send(tx.serialize());
      await expect(
        t.connection.confirmTransaction(
          {
            signature,
            blockhash: tx.recentBlockhash!,
            lastValidBlockHeight: tx.lastValidBlockHeight!,
          },
          'confirmed',
        ),
      ).rejects.toThrow(/block height exceeded/);
      expect(await t.connection.getBlockHeight('confirmed')).toBeGreaterThan(
        tx.lastValidBlockHeight!,
      );
      expect(await t.status(signature)).toBeNull();
    } finally {
      await t.stop();
    }
  });

  it('answers 429 with Retry-After once a client goes over its quota', async () => {
    const t = await setup({ rateLimit: { requests: 5, perMethod: 3, windowMs: 60_000 } });
    const post = (method: string) =>
      fetch(t.chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
      });
    try {
      for (let i = 0; i < 3; i += 1) expect((await post('getSlot')).status).toBe(200);
      const perMethod = await post('getSlot');
      expect(perMethod.status).toBe(429);
      expect(await perMethod.json()).toMatchObject({
        error: { code: 429, message: 'Too many requests for a specific RPC call' },
      });
      expect((await post('getHealth')).status).toBe(200);
      expect((await post('getHealth')).status).toBe(200);
      const total = await post('getHealth');
      expect(total.status).toBe(429);
      expect(await total.json()).toMatchObject({
        error: { message: 'Too many requests from your IP' },
      });
      expect(Number(total.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(total.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    } finally {
      await t.stop();
    }
  });
});

describe('chain profiles', () => {
  it('stays instant by default', () => {
    expect(chainProfile(undefined, {})).toMatchObject({
      name: 'instant',
      confirmSlots: [0, 0],
      dropRate: 0,
      txLagSlots: 0,
      rateLimit: { requests: 0, perMethod: 0 },
    });
  });

  it("takes mainnet's figures, each knob settable from the environment", () => {
    expect(chainProfile(undefined, { LOCAL_CHAIN_PROFILE: 'mainnet' })).toEqual({
      name: 'mainnet',
      slotMs: 400,
      confirmSlots: [1, 2],
      finalitySlots: 32,
      blockhashSlots: 150,
      dropRate: 0.1,
      txLagSlots: 2,
      rateLimit: { requests: 100, perMethod: 40, windowMs: 10_000 },
    });
    const tuned = chainProfile('mainnet', {
      LOCAL_CHAIN_DROP_RATE: '0.25',
      LOCAL_CHAIN_CONFIRM_SLOTS: '2-4',
      LOCAL_CHAIN_RATE_LIMIT: '0',
      LOCAL_CHAIN_SLOT_MS: '100',
    });
    expect(tuned).toMatchObject({ dropRate: 0.25, confirmSlots: [2, 4], slotMs: 100 });
    expect(tuned.rateLimit.requests).toBe(0);
  });

  it('names a wrong profile or knob in one clear message', () => {
    expect(() => chainProfile('devnet', {})).toThrow(
      'Unknown local chain profile "devnet" (choose instant or mainnet)',
    );
    expect(() => chainProfile('mainnet', { LOCAL_CHAIN_DROP_RATE: '2' })).toThrow(
      'LOCAL_CHAIN_DROP_RATE must be a share from 0 to 1 (like 0.1), not "2"',
    );
    expect(() => chainProfile('mainnet', { LOCAL_CHAIN_CONFIRM_SLOTS: '3-1' })).toThrow(
      /LOCAL_CHAIN_CONFIRM_SLOTS must be a number of slots or a range/,
    );
  });
});
