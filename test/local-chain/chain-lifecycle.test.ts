import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalChain } from '@src/local-chain/local-chain';
import { loadState } from '@src/local-chain/journal';
import { ChainRpcError } from '@src/adapters/solana/chain-rpc-error';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, tempDataDir } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);

describe('local chain lifecycle', () => {
  it('keeps balances and history across a restart on the same data folder', async () => {
    const dataDir = await tempDataDir();
    const buyer = Keypair.generate();
    const escrow = Keypair.generate();
    const first = await startTestChain({ dataDir });
    await first.fund(buyer, 3);
    const paid = await sendAndConfirm(
      first.connection,
      await buildTransfer(first.connection, buyer, escrow.publicKey, 2n * SOL),
    );
    const slotBefore = await first.connection.getSlot();
    const genesis = await first.connection.getGenesisHash();
    await first.stop();

    const second = await startTestChain({ dataDir });
    try {
      expect(await second.connection.getGenesisHash()).toBe(genesis);
      expect(await second.connection.getSlot()).toBeGreaterThanOrEqual(slotBefore);
      expect(await second.connection.getBalance(escrow.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
      expect(await second.connection.getBalance(buyer.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
      const history = await second.connection.getSignaturesForAddress(escrow.publicKey);
      expect(history.map((h) => h.signature)).toEqual([paid]);
      const chain = new SolanaChain({ rpc: createRpcClient({ url: second.chain.rpcUrl }) });
      const expected = {
        signature: paid,
        from: buyer.publicKey.toBase58(),
        to: escrow.publicKey.toBase58(),
        lamports: 2n * SOL,
      };
      expect(await chain.verifyTransfer(expected)).toEqual({ ok: true });
      // The restored ledger still refuses to replay the old transaction and keeps working.
      await second.fund(buyer, 1);
      expect(await second.connection.getBalance(buyer.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 5000);
    } finally {
      await second.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('has a transaction on disk before it reports it, and lets one process at a time use the folder', async () => {
    const dataDir = await tempDataDir();
    const running = await startTestChain({ dataDir });
    const payee = Keypair.generate();
    try {
      const signature = await running.fund(payee, 2);
      const saved = await loadState(join(dataDir, 'chain'));
      expect(saved?.store.get(signature)?.err).toBeNull();
      expect(saved?.svm.getBalance(payee.publicKey.toBase58() as never)).toBe(2n * SOL);
      await expect(startLocalChain({ port: 0, dataDir })).rejects.toThrow(
        /in use by another process/,
      );
    } finally {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('expires a blockhash after 150 slots', async () => {
    const t = await startTestChain({ slotMs: 5 });
    try {
      const payer = Keypair.generate();
      await t.fund(payer, 1);
      const stale = await buildTransfer(
        t.connection,
        payer,
        Keypair.generate().publicKey,
        SOL / 10n,
      );
      const height = await t.connection.getBlockHeight();
      expect(stale.lastValidBlockHeight! - 150).toBeLessThanOrEqual(height);
      expect(stale.lastValidBlockHeight! - 150).toBeGreaterThan(height - 20);
      expect(await t.connection.isBlockhashValid(stale.recentBlockhash!)).toMatchObject({
        value: true,
      });
      while ((await t.connection.getBlockHeight()) <= stale.lastValidBlockHeight!) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await t.connection.isBlockhashValid(stale.recentBlockhash!)).toMatchObject({
        value: false,
      });
      await expect(t.connection.sendRawTransaction(stale.serialize())).rejects.toThrow(
        'Transaction simulation failed: Blockhash not found',
      );
      // Without preflight the node takes it and drops it; confirmation then reports the expiry.
      const error = await sendAndConfirm(t.connection, stale, { skipPreflight: true }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ChainRpcError);
      expect(error).toMatchObject({ code: 'expired' });
      const dropped = await t.connection.sendRawTransaction(stale.serialize(), {
        skipPreflight: true,
      });
      const expired = await t.connection
        .confirmTransaction({
          signature: dropped,
          blockhash: stale.recentBlockhash!,
          lastValidBlockHeight: stale.lastValidBlockHeight!,
        })
        .catch((e: unknown) => e);
      expect((expired as Error).name).toBe('TransactionExpiredBlockheightExceededError');
      expect(await t.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
      // Finality comes 32 slots after a transaction lands.
      const fresh = await buildTransfer(
        t.connection,
        payer,
        Keypair.generate().publicKey,
        SOL / 10n,
      );
      const landedAt = await t.connection.getSlot();
      const final = await sendAndConfirm(t.connection, fresh, { commitment: 'finalized' });
      expect(await t.connection.getSlot()).toBeGreaterThanOrEqual(landedAt + 32);
      const { value } = await t.connection.getSignatureStatus(final);
      expect(value).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
    } finally {
      await t.stop();
    }
  });
});
