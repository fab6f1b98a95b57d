import { Keypair } from '@solana/web3.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient, type RpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { startTestChain, type TestChain } from '@test/support/chain';

const SIGNATURE = '5'.repeat(88);
const expectFrom = (from: string) => ({ signature: SIGNATURE, from, to: 'escrow', lamports: 1n });
const instant = async () => undefined;
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

let tc: TestChain;
beforeAll(async () => {
  tc = await startTestChain();
});
afterAll(() => tc.stop());

describe('SolanaChain when the node fails us', () => {
  it('answers a node that rate limits every retry as the chain being unavailable', async () => {
    const chain = new SolanaChain({
      rpc: createRpcClient({ url: tc.chain.rpcUrl, sleep: instant }),
    });
    tc.chain.failNext(5, 429);
    const failure = await failureOf(chain.verifyTransfer(expectFrom('buyer')));
    expect(failure).toMatchObject({
      name: 'UnavailableError',
      dependency: 'chain',
      retryAfterSeconds: 30,
    });
    expect((failure as Error).message).toMatch(/rate limiting the marketplace/);
  });

  it('answers a node that cannot be reached as the chain being unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const chain = new SolanaChain({ rpc: createRpcClient({ url: `http://127.0.0.1:${port}` }) });
    const failure = await failureOf(chain.balance(Keypair.generate().publicKey.toBase58()));
    expect(failure).toMatchObject({ name: 'UnavailableError', dependency: 'chain' });
    expect((failure as Error).message).toMatch(/cannot be reached/);
  });

  it('answers a node that does not answer in time as the chain being unavailable', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const rpc = createRpcClient({ url: `http://127.0.0.1:${port}`, requestTimeoutMs: 200 });
      const failure = await failureOf(new SolanaChain({ rpc }).incomingTransfers('escrow'));
      expect(failure).toMatchObject({ name: 'UnavailableError', retryAfterSeconds: 10 });
      expect((failure as Error).message).toMatch(/did not answer in time/);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('SolanaChain payment checks under way at once', () => {
  /** An RPC whose every call waits until `open()`; then the chain has never seen anything. */
  function heldRpc() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    const rpc: RpcClient = {
      url: 'http://node.invalid',
      commitment: 'confirmed',
      call: async <T>() => {
        calls += 1;
        await gate;
        return { context: { slot: 1 }, value: [null] } as T;
      },
    };
    return { rpc, open, calls: () => calls };
  }

  it('refuses a wallet a third check while two are under way, without asking the chain', async () => {
    const held = heldRpc();
    const chain = new SolanaChain({ rpc: held.rpc, verifications: { perWallet: 2, overall: 10 } });
    const running = [chain.verifyTransfer(expectFrom('a')), chain.verifyTransfer(expectFrom('a'))];
    const third = await failureOf(chain.verifyTransfer(expectFrom('a')));
    expect(third).toMatchObject({ name: 'TooManyRequestsError', retryAfterSeconds: 1 });
    const other = chain.verifyTransfer(expectFrom('b'));
    expect(held.calls()).toBe(3);
    held.open();
    await Promise.all([...running, other]);
    await expect(chain.verifyTransfer(expectFrom('a'))).resolves.toMatchObject({
      reason: 'not_found',
    });
  });

  it('refuses any check beyond the overall bound as the server being busy', async () => {
    const held = heldRpc();
    const chain = new SolanaChain({ rpc: held.rpc, verifications: { perWallet: 2, overall: 2 } });
    const running = [chain.verifyTransfer(expectFrom('a')), chain.verifyTransfer(expectFrom('b'))];
    const busy = await failureOf(chain.verifyTransfer(expectFrom('c')));
    expect(busy).toMatchObject({ name: 'UnavailableError', dependency: 'server' });
    held.open();
    await Promise.all(running);
  });
});
