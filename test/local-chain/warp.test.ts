import { rm } from 'node:fs/promises';
import { Keypair, SYSVAR_CLOCK_PUBKEY } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { readChainTime } from '@src/local-chain/time-client';
import { startTestChain, tempDataDir } from '@test/support/chain';

const WEEK = 7 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('local chain time travel', () => {
  it('moves blockTime, getBlockTime and the Clock sysvar forward, and keeps it across a restart', async () => {
    const dataDir = await tempDataDir();
    const first = await startTestChain({ dataDir });
    const rpc = createRpcClient({ url: first.chain.rpcUrl });
    try {
      expect((await readChainTime(first.chain.rpcUrl)).offsetSeconds).toBe(0);
      const warped = await rpc.call<{ offsetSeconds: number; unixTimestamp: number }>(
        'localchain_warp',
        [WEEK],
      );
      expect(warped.offsetSeconds).toBe(WEEK);
      expect(warped.unixTimestamp - nowSeconds()).toBeGreaterThanOrEqual(WEEK - 2);

      const payer = Keypair.generate();
      await first.fund(payer, 1);
      const tx = await buildTransfer(
        first.connection,
        payer,
        Keypair.generate().publicKey,
        10_000_000n,
      );
      const signature = await sendAndConfirm(first.connection, tx);
      const found = await first.connection.getTransaction(signature, { commitment: 'confirmed' });
      expect(found!.blockTime! - nowSeconds()).toBeGreaterThanOrEqual(WEEK - 2);
      expect(await first.connection.getBlockTime(found!.slot)).toBe(found!.blockTime);
      const clock = await first.connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY);
      const unixTimestamp = Number(clock!.data.readBigInt64LE(32));
      expect(unixTimestamp - nowSeconds()).toBeGreaterThanOrEqual(WEEK - 2);
    } finally {
      await first.stop();
    }
    const second = await startTestChain({ dataDir });
    try {
      const time = await readChainTime(second.chain.rpcUrl);
      expect(time.offsetSeconds).toBe(WEEK);
      expect((await second.chain.warp(3600)).offsetSeconds).toBe(WEEK + 3600);
    } finally {
      await second.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a warp asked by a web page (Origin), which could settle every order early', async () => {
    const t = await startTestChain();
    try {
      const ask = (headers: Record<string, string>) =>
        fetch(t.chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', ...headers },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'localchain_warp', params: [60] }),
        });
      const fromPage = await ask({ origin: 'https://evil.example' });
      expect(fromPage.status).toBe(403);
      expect(((await fromPage.json()) as { error: { message: string } }).error.message).toMatch(
        /not callable from a web page/,
      );
      expect(t.chain.time().offsetSeconds).toBe(0);
      expect((await ask({})).status).toBe(200);
      expect(t.chain.time().offsetSeconds).toBe(60);
    } finally {
      await t.stop();
    }
  });

  it('refuses to move backwards or by something that is not seconds', async () => {
    const t = await startTestChain();
    const rpc = createRpcClient({ url: t.chain.rpcUrl });
    try {
      for (const bad of [-60, 0, 1.5, '1d']) {
        await expect(rpc.call('localchain_warp', [bad])).rejects.toMatchObject({
          details: { rpcCode: -32602 },
        });
      }
      await expect(t.chain.warp(20 * 365 * 24 * 3600)).rejects.toThrow(/at most ten years/);
      expect(t.chain.time().offsetSeconds).toBe(0);
    } finally {
      await t.stop();
    }
  });
});
