import { Keypair, PublicKey } from '@solana/web3.js';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { solToLamports } from '@src/domain/money';
import { migratedDataDir } from '@test/cli/pglite-template';
import { tempDir } from '@test/cli/support';
import { Client } from '../support/api';
import { startTestChain, type TestChain } from '../support/chain';
import { listing, orderBody } from '../support/fixtures';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
});

/**
 * Where the product's chain runs. `external`: a local chain in this test process, named by
 * SOLANA_RPC_URL, so a crash of the server leaves it untouched (the server and database part).
 * The embedded chain (`make start`'s, killed with the server) is the case to add once it
 * writes ahead of acknowledging: `env` would set LOCAL_CHAIN_PORT instead; the journey below
 * talks to the chain over RPC only, so it runs unchanged.
 */
async function chainFor(mode: 'external'): Promise<{ env: Record<string, string> }> {
  const tc: TestChain = await startTestChain();
  cleanup.push(() => tc.stop());
  void mode;
  const escrow = Keypair.generate().publicKey.toBase58();
  return { env: { SOLANA_RPC_URL: tc.chain.rpcUrl, ESCROW_WALLET: escrow, ADMIN_WALLETS: escrow } };
}

describe('a crash (SIGKILL) right after a confirmed purchase', { timeout: 180_000 }, () => {
  it('restarts healthy within 5 s with the order, the stock and the payment kept', async () => {
    const dataDir = await tempDir('mp-restart-');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    await migratedDataDir(dataDir);
    const { env } = await chainFor('external');
    const settings = { ...env, DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, 'uploads') };
    let server: ServerProcess = await startServerProcess(settings);
    const cleanStartMs = server.readyAfterMs;
    cleanup.push(() => server.kill('SIGKILL'));
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
      rpcUrl: string;
      escrowWallet: string;
    };
    const connection = createConnection(config.rpcUrl);
    cleanup.push(async () =>
      (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close(),
    );

    const seller = new Client(server.url);
    const buyer = new Client(server.url);
    await Promise.all([seller.signIn(), buyer.signIn()]);
    const made = await seller.post(
      '/api/products',
      listing({ sellerId: seller.user!.id, quantity: 3 }),
    );
    await connection.confirmTransaction(
      {
        signature: await connection.requestAirdrop(buyer.keypair.publicKey, 5e9),
        ...(await connection.getLatestBlockhash()),
      },
      'confirmed',
    );
    const price = solToLamports(made.body.price);
    const signature = await sendAndConfirm(
      connection,
      await buildTransfer(connection, buyer.keypair, config.escrowWallet, price),
    );
    const confirmed = await buyer.post(
      '/api/orders',
      orderBody(buyer.user!.id, made.body, signature),
    );
    expect(confirmed.status).toBe(201);
    await server.kill('SIGKILL');

    const port = Number(new URL(server.url).port);
    server = await startServerProcess(settings, { port });
    console.log(
      `restart after SIGKILL: ready in ${server.readyAfterMs.toFixed(0)} ms ` +
        `(a clean start of the same data took ${cleanStartMs.toFixed(0)} ms)`,
    );
    // Under 5 s on an idle machine (no wait for a lock: the dead holder's is taken over at
    // once). A machine busy with other suites slows every start alike, so the bound grows
    // with the clean start measured here, never to the 10-30 s of waiting for a stale lock.
    expect(server.readyAfterMs).toBeLessThan(Math.max(5000, 1.5 * cleanStartMs));

    // The buyer's session cookie from before the crash still works: sessions live in the database.
    const orders = await buyer.get(`/api/orders/buyer/${buyer.user!.id}`);
    expect(orders.status).toBe(200);
    expect(orders.body).toEqual([
      expect.objectContaining({ id: confirmed.body.id, escrowTransactionHash: signature }),
    ]);
    const product = await buyer.get(`/api/products/${made.body.id}`);
    expect(product.body).toMatchObject({ quantity: 3, soldQuantity: 1 });
    const onChain = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(onChain?.meta?.err).toBeNull();
    expect(BigInt(await connection.getBalance(new PublicKey(config.escrowWallet)))).toBe(price);
    await server.kill('SIGTERM');
  });
});
