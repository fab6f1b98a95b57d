import net from 'node:net';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startLocalChainThread } from '@src/local-chain/chain-thread';
import { tempDataDir } from '@test/support/chain';

const DAY = 24 * 3600;

async function started(dataDir?: string) {
  const chain = await startLocalChainThread({ port: 0, dataDir });
  onTestFinished(() => chain.stop());
  const connection = createConnection(chain.rpcUrl);
  onTestFinished(() =>
    (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close(),
  );
  return { chain, connection };
}

describe('the local chain on a thread of its own', () => {
  it('airdrops and lands transfers sent over its RPC, kept in its data folder', async () => {
    const { chain, connection } = await started(await tempDataDir());
    const payer = Keypair.generate();
    await chain.airdrop(payer.publicKey.toBase58(), 2_000_000_000n);
    expect(await connection.getBalance(payer.publicKey)).toBe(2_000_000_000);
    const to = Keypair.generate().publicKey;
    await sendAndConfirm(connection, await buildTransfer(connection, payer, to, 5_000_000n));
    expect(await connection.getBalance(to)).toBe(5_000_000);
  });

  it('shows a warp at once to the thread that reads its time, made here or over RPC', async () => {
    const { chain } = await started();
    expect(chain.time().offsetSeconds).toBe(0);
    expect((await chain.warp(DAY)).offsetSeconds).toBe(DAY);
    expect(chain.time().offsetSeconds).toBe(DAY);
    await createRpcClient({ url: chain.rpcUrl }).call('localchain_warp', [DAY]);
    // No wait: the answer left the chain's thread after the shared clock was written.
    expect(chain.time().offsetSeconds).toBe(2 * DAY);
    expect(chain.time().unixTimestamp - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(
      2 * DAY - 1,
    );
  });

  it('answers JSON-RPC without HTTP as its endpoint does: the same answer, faults and 429s', async () => {
    const { chain } = await started();
    const payer = Keypair.generate().publicKey.toBase58();
    await chain.airdrop(payer, 1_000_000n);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'getBalance', params: [payer] });
    const overHttp = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const inProcess = await chain.rpc(body);
    expect(inProcess).toMatchObject({ status: 200, type: 'application/json' });
    const balance = (text: string) => (JSON.parse(text) as { result: { value: number } }).result;
    expect(balance(inProcess.body)).toEqual(balance(await overHttp.text()));
    chain.failNext(1, 429);
    expect(await chain.rpc(body)).toMatchObject({ status: 429 });
    expect(await chain.rpc(body)).toMatchObject({ status: 200 });
    expect(JSON.parse((await chain.rpc('{not json')).body)).toMatchObject({
      error: { code: -32700 },
    });
  });

  it('refuses to start on a taken port with the error the server translates', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as net.AddressInfo).port;
    await expect(startLocalChainThread({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('answers a call after it stopped with a clear error', async () => {
    const chain = await startLocalChainThread({ port: 0 });
    await chain.stop();
    await expect(chain.airdrop(Keypair.generate().publicKey.toBase58(), 1n)).rejects.toThrow(
      'The local chain has stopped',
    );
  });
});
