import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRpcError } from '@src/adapters/solana/chain-rpc-error';
import { createConnection } from '@src/adapters/solana/connection';
import { confirmTimeoutMs, createRpcClient } from '@src/adapters/solana/rpc-client';
import { startTestChain, type TestChain } from '@test/support/chain';

describe('JSON-RPC client: HTTP 429 backoff', () => {
  let t: TestChain;
  beforeAll(async () => {
    t = await startTestChain();
  });
  afterAll(() => t.stop());

  const setup = () => {
    const delays: number[] = [];
    const warnings: object[] = [];
    const rpc = createRpcClient({
      url: t.chain.rpcUrl,
      sleep: async (ms) => {
        delays.push(ms);
      },
      logger: { warn: (obj) => warnings.push(obj as object) },
    });
    return { rpc, delays, warnings };
  };

  it('retries four 429 answers with 500, 1000, 2000, 4000 ms delays, then succeeds', async () => {
    const { rpc, delays, warnings } = setup();
    t.chain.failNext(4);
    expect(await rpc.call('getHealth')).toBe('ok');
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(warnings).toHaveLength(4);
  });

  it('gives up after five 429 answers with a rate_limited ChainRpcError', async () => {
    const { rpc, delays } = setup();
    t.chain.failNext(5);
    const error = await rpc.call('getSlot').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainRpcError);
    expect(error).toMatchObject({ code: 'rate_limited', details: { status: 429 } });
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(await rpc.call('getHealth')).toBe('ok');
  });

  it('does not retry other HTTP failures', async () => {
    const { rpc, delays } = setup();
    t.chain.failNext(1, 503);
    await expect(rpc.call('getSlot')).rejects.toMatchObject({
      code: 'http',
      details: { status: 503 },
    });
    expect(delays).toEqual([]);
  });

  it('turns a node error into an rpc ChainRpcError with its code', async () => {
    const { rpc } = setup();
    await expect(rpc.call('getBalance', ['nope'])).rejects.toMatchObject({
      code: 'rpc',
      details: { rpcCode: -32602 },
    });
    await expect(rpc.call('noSuchMethod')).rejects.toMatchObject({ details: { rpcCode: -32601 } });
  });

  it('reports an unreachable node as a network error', async () => {
    const rpc = createRpcClient({ url: 'http://127.0.0.1:9' });
    await expect(rpc.call('getSlot')).rejects.toMatchObject({ code: 'network' });
  });

  it('gives a request that does not go over HTTP (the embedded chain) the same backoff', async () => {
    const delays: number[] = [];
    const sent: string[] = [];
    const rpc = createRpcClient({
      url: 'in-process',
      transport: async (body) => {
        sent.push(body);
        const reply = await t.chain.rpc(body);
        return { status: reply.status, text: reply.body };
      },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    t.chain.failNext(2);
    expect(await rpc.call('getHealth')).toBe('ok');
    expect(delays).toEqual([500, 1000]);
    expect(sent).toHaveLength(3);
    t.chain.failNext(5);
    await expect(rpc.call('getSlot')).rejects.toMatchObject({ code: 'rate_limited' });
    t.chain.failNext(1, 503);
    await expect(rpc.call('getSlot')).rejects.toMatchObject({
      code: 'http',
      details: { status: 503 },
    });
  });

  it('gives a web3.js Connection the same backoff', async () => {
    const delays: number[] = [];
    const connection = createConnection(t.chain.rpcUrl, {
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    t.chain.failNext(3);
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    expect(delays).toEqual([500, 1000, 2000]);
    t.chain.failNext(5);
    await expect(connection.getSlot()).rejects.toThrow(/429/);
  });

  it('uses the spec confirmation timeouts', () => {
    expect(confirmTimeoutMs('processed')).toBe(30_000);
    expect(confirmTimeoutMs('confirmed')).toBe(30_000);
    expect(confirmTimeoutMs('finalized')).toBe(60_000);
  });
});
