import {
  address,
  type Address,
  createSolanaRpcSubscriptions,
  createSolanaRpcSubscriptions_UNSTABLE,
} from '@solana/kit';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  type Connection,
  type Logs,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first notification of a kit subscription, then the subscription ends. */
async function first<T>(pending: Promise<AsyncIterable<T>>, abort: AbortController): Promise<T> {
  for await (const value of await pending) {
    abort.abort();
    return value;
  }
  throw new Error('subscription ended without a notification');
}

describe('local chain subscriptions', () => {
  let t: TestChain;
  const alice = Keypair.generate();
  const connections: Connection[] = [];
  const connect = () => {
    const connection = createConnection(t.chain.rpcUrl);
    connections.push(connection);
    return connection;
  };
  beforeAll(async () => {
    t = await startTestChain({ slotMs: 20 });
    await t.fund(alice, 10);
  });
  afterAll(async () => {
    for (const c of connections)
      (c as unknown as { _rpcWebSocket: { close(): void } })._rpcWebSocket.close();
    await t.stop();
  });
  const pay = async (to = Keypair.generate().publicKey, lamports = SOL / 100n) =>
    sendAndConfirm(t.connection, await buildTransfer(t.connection, alice, to, lamports));

  it("delivers a transfer's logs to web3.js onLogs and to kit", async () => {
    const bob = Keypair.generate();
    const connection = connect();
    const seen = new Promise<Logs>((resolve) =>
      connection.onLogs(bob.publicKey, resolve, 'confirmed'),
    );
    const abort = new AbortController();
    const kit = createSolanaRpcSubscriptions(t.chain.wsUrl)
      .logsNotifications(
        { mentions: [address(bob.publicKey.toBase58())] },
        { commitment: 'confirmed' },
      )
      .subscribe({ abortSignal: abort.signal });
    const kitSeen = first(kit, abort); // kit delivers only to an iterator already waiting
    await sleep(100);
    const signature = await pay(bob.publicKey);
    const logs = await seen;
    expect(logs).toMatchObject({ signature, err: null });
    // The product's transfer opens with its compute budget (unit limit, unit price).
    const budget = 'ComputeBudget111111111111111111111111111111';
    expect(logs.logs).toEqual([
      `Program ${budget} invoke [1]`,
      `Program ${budget} success`,
      `Program ${budget} invoke [1]`,
      `Program ${budget} success`,
      'Program 11111111111111111111111111111111 invoke [1]',
      'Program 11111111111111111111111111111111 success',
    ]);
    expect((await kitSeen).value.signature).toBe(signature);
  });

  it('notifies program, root and block subscribers', async () => {
    const bob = Keypair.generate();
    const connection = connect();
    const changed = new Promise<string>((resolve) =>
      connection.onProgramAccountChange(
        SystemProgram.programId,
        (info) => info.accountId.equals(bob.publicKey) && resolve(info.accountId.toBase58()),
        { commitment: 'confirmed', filters: [{ dataSize: 0 }] },
      ),
    );
    const root = new Promise<number>((resolve) => connection.onRootChange(resolve));
    const kitAbort = new AbortController();
    const kitSubscriptions = createSolanaRpcSubscriptions(t.chain.wsUrl);
    const kitProgram = first(
      kitSubscriptions
        .programNotifications(address(SystemProgram.programId.toBase58()), {
          commitment: 'confirmed',
          encoding: 'base64',
        })
        .subscribe({ abortSignal: kitAbort.signal }),
      kitAbort,
    );
    const rootAbort = new AbortController();
    const kitRoot = first(
      kitSubscriptions.rootNotifications().subscribe({ abortSignal: rootAbort.signal }),
      rootAbort,
    );
    const abort = new AbortController();
    const blocks = createSolanaRpcSubscriptions_UNSTABLE(t.chain.wsUrl)
      .blockNotifications(
        { mentionsAccountOrProgram: address(bob.publicKey.toBase58()) },
        {
          commitment: 'confirmed',
          transactionDetails: 'signatures',
          maxSupportedTransactionVersion: 0,
        },
      )
      .subscribe({ abortSignal: abort.signal });
    const block = first(blocks, abort);
    await sleep(100);
    const signature = await pay(bob.publicKey);
    expect(await changed).toBe(bob.publicKey.toBase58());
    expect(await root).toBeGreaterThanOrEqual(0);
    expect((await block).value.block?.signatures).toEqual([signature]);
    expect((await kitProgram).value.account.owner).toBe(SystemProgram.programId.toBase58());
    expect(typeof (await kitRoot)).toBe('bigint');
  });

  it('refuses a logs filter with two addresses as a node does', async () => {
    const abort = new AbortController();
    // kit's types already forbid two; a client without types may still send them.
    const two = [address(alice.publicKey.toBase58()), address(bs58.encode(Buffer.alloc(32, 1)))];
    const refused = createSolanaRpcSubscriptions(t.chain.wsUrl)
      .logsNotifications({ mentions: two as unknown as [Address] })
      .subscribe({ abortSignal: abort.signal });
    await expect(refused).rejects.toThrow(/Only 1 address supported/);
  });

  it('costs few requests when web3.js asks for a subscription this chain lacks', async () => {
    const connection = connect();
    const socket = (
      connection as unknown as {
        _rpcWebSocket: { call: (m: string, p: unknown) => Promise<unknown> };
      }
    )._rpcWebSocket;
    const call = socket.call.bind(socket);
    let asked = 0;
    socket.call = (method, params) => {
      if (method === 'slotsUpdatesSubscribe') asked += 1;
      return call(method, params);
    };
    const quiet = console.error;
    console.error = () => undefined; // web3.js logs each refusal
    try {
      connection.onSlotUpdate(() => undefined);
      let slots = 0;
      connection.onSlotChange(() => (slots += 1));
      await sleep(2_500);
      // Without the back-off web3.js asks again at once, thousands of times a second.
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(asked).toBeLessThanOrEqual(4);
      expect(slots).toBeGreaterThan(5); // the connection's other subscriptions still work
    } finally {
      console.error = quiet;
    }
  });
});
