import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import bs58 from 'bs58';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTransfer } from '@src/adapters/solana/transfers';
import { spawnChainStart, tempDataDir } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);

const startChain = async (dataDir: string) => {
  const chain = await spawnChainStart(['--data-dir', dataDir]);
  return { ...chain, rpcUrl: chain.found };
};

/** Sends `wire` and resolves when the chain notifies `confirmed` over its WebSocket. */
async function sendAndAwaitNotification(rpcUrl: string, wire: Buffer, signature: string) {
  const socket = new WebSocket(
    rpcUrl.replace('http', 'ws').replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  const notified = new Promise<unknown>((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.method === 'signatureNotification') resolve(message.params.result.value);
    }),
  );
  socket.send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'signatureSubscribe',
      params: [signature, { commitment: 'confirmed' }],
    }),
  );
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'sendTransaction',
      params: [wire.toString('base64'), { encoding: 'base64' }],
    }),
  });
  const value = await notified;
  socket.terminate();
  return value;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('local chain after a crash', { timeout: 120_000 }, () => {
  it('keeps a transfer confirmed just before SIGKILL, and restarts at once', async () => {
    const dataDir = await tempDataDir();
    dirs.push(dataDir);
    const first = await startChain(dataDir);
    children.push(first.child);
    const connection = new Connection(first.rpcUrl, 'confirmed');
    const buyer = Keypair.generate();
    const escrow = Keypair.generate();
    await connection.requestAirdrop(buyer.publicKey, 3 * LAMPORTS_PER_SOL);
    const tx = await buildTransfer(connection, buyer, escrow.publicKey, 2n * SOL);
    const paid = bs58.encode(tx.signature!);
    const notified = await sendAndAwaitNotification(first.rpcUrl, tx.serialize(), paid);
    expect(notified).toEqual({ err: null });
    first.child.kill('SIGKILL'); // no chance to save anything after the confirmation
    await exited(first.child);

    const second = await startChain(dataDir);
    children.push(second.child);
    const after = new Connection(second.rpcUrl, 'confirmed');
    expect(await after.getBalance(escrow.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    expect(await after.getBalance(buyer.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
    const found = await after.getTransaction(paid, { commitment: 'confirmed' });
    expect(found?.meta?.err).toBeNull();
    const history = await after.getSignaturesForAddress(escrow.publicKey);
    expect(history.map((h) => h.signature)).toEqual([paid]);
    // The dead process's lock did not hold the restart up (a stale lock used to take 10 s).
    expect(second.startMs).toBeLessThan(first.startMs + 5_000);
    console.info(`chain start: fresh ${first.startMs} ms, after SIGKILL ${second.startMs} ms`);

    // A live holder is still refused, by name.
    const third = await startChain(dataDir).catch((e: Error) => e);
    expect(third).toBeInstanceOf(Error);
    expect((third as Error).message).toContain(
      `is in use by another process (pid ${second.child.pid})`,
    );
    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
    expect(await new Connection(second.rpcUrl).getSlot().catch(() => 'down')).toBe('down');
  });
});
