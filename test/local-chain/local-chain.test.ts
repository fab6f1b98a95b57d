import {
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);

describe('local chain as a real cluster for web3.js', () => {
  let t: TestChain;
  const alice = Keypair.generate();
  const bob = Keypair.generate();
  beforeAll(async () => {
    t = await startTestChain();
    await t.fund(alice, 5);
    await t.fund(bob, 1);
  });
  afterAll(() => t.stop());
  const rpc = () => createRpcClient({ url: t.chain.rpcUrl });

  it('charges 5,000 lamports a signature and records pre/post balances', async () => {
    const tx = await buildTransfer(t.connection, alice, bob.publicKey, SOL);
    const signature = await sendAndConfirm(t.connection, tx);
    const found = await t.connection.getTransaction(signature, { commitment: 'confirmed' });
    expect(found?.meta).toMatchObject({ err: null, fee: 5000 });
    expect(found?.meta?.preBalances.slice(0, 2)).toEqual([5 * LAMPORTS_PER_SOL, LAMPORTS_PER_SOL]);
    expect(found?.meta?.postBalances.slice(0, 2)).toEqual([
      4 * LAMPORTS_PER_SOL - 5000,
      2 * LAMPORTS_PER_SOL,
    ]);
    expect(found?.slot).toBeGreaterThanOrEqual(0);
    expect(found?.blockTime).toBeCloseTo(Date.now() / 1000, -1);
    expect(await t.connection.getMinimumBalanceForRentExemption(0)).toBe(890_880);
    const fee = await t.connection.getFeeForMessage(tx.compileMessage());
    expect(fee.value).toBe(5000);
  });

  it("fails preflight for insufficient funds with the node's code, message and logs", async () => {
    const tx = await buildTransfer(t.connection, bob, alice.publicKey, 50n * SOL);
    const error = await rpc()
      .call('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'rpc',
      message:
        'sendTransaction: Transaction simulation failed: Error processing Instruction 2: custom program error: 0x1',
      // Instruction 2: the transfer, after the compute budget's two.
      details: { rpcCode: -32002, data: { err: { InstructionError: [2, { Custom: 1 }] } } },
    });
    const logs = (error as { details: { data: { logs: string[] } } }).details.data.logs;
    expect(logs.join('\n')).toMatch(/Transfer: insufficient lamports/);
    await expect(t.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /custom program error: 0x1/,
    );
    const ok = await buildTransfer(t.connection, alice, bob.publicKey, 1234n);
    const viaBase58 = await rpc().call('sendTransaction', [bs58.encode(ok.serialize())]);
    expect(viaBase58).toBe(bs58.encode(ok.signature!));
  });

  it('refuses a transaction whose signature does not verify, and unknown fee payers', async () => {
    const tx = await buildTransfer(t.connection, alice, bob.publicKey, 1000n);
    const wire = tx.serialize();
    wire[10] = wire[10]! ^ 0xff;
    await expect(
      rpc().call('sendTransaction', [wire.toString('base64'), { encoding: 'base64' }]),
    ).rejects.toMatchObject({ details: { rpcCode: -32003 } });
    const nobody = Keypair.generate();
    const empty = await buildTransfer(t.connection, nobody, bob.publicKey, 1000n);
    await expect(t.connection.sendRawTransaction(empty.serialize())).rejects.toThrow(
      'Attempt to debit an account but found no record of a prior credit.',
    );
  });

  it('lists signatures for an address newest first, in pages', async () => {
    const carol = Keypair.generate();
    const sent: string[] = [];
    sent.push(await t.fund(carol, 1));
    for (let i = 0; i < 4; i += 1) {
      const tx = await buildTransfer(t.connection, alice, carol.publicKey, BigInt(1000 + i));
      sent.push(await sendAndConfirm(t.connection, tx));
    }
    const all = await t.connection.getSignaturesForAddress(carol.publicKey);
    expect(all.map((s) => s.signature)).toEqual([...sent].reverse());
    expect(all.every((s) => s.err === null && s.confirmationStatus === 'confirmed')).toBe(true);
    const slots = all.map((s) => s.slot);
    expect([...slots].sort((a, b) => b - a)).toEqual(slots);
    const page = await t.connection.getSignaturesForAddress(carol.publicKey, {
      limit: 2,
      before: sent[3],
    });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const until = await t.connection.getSignaturesForAddress(carol.publicKey, { until: sent[2] });
    expect(until.map((s) => s.signature)).toEqual([sent[4], sent[3]]);
  });

  it('keeps equal payments apart when they carry a reference key', async () => {
    const make = () =>
      buildTransfer(t.connection, alice, bob.publicKey, 777n, {
        reference: Keypair.generate().publicKey,
      });
    const [a, b] = await Promise.all([make(), make()]);
    const sigs = await Promise.all([
      sendAndConfirm(t.connection, a),
      sendAndConfirm(t.connection, b),
    ]);
    expect(sigs[0]).not.toBe(sigs[1]);
    const dup = new Transaction({
      feePayer: alice.publicKey,
      blockhash: a.recentBlockhash!,
      lastValidBlockHeight: a.lastValidBlockHeight!,
    }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1 }),
    );
    dup.sign(alice);
    await t.connection.sendRawTransaction(dup.serialize());
    await expect(t.connection.sendRawTransaction(dup.serialize())).rejects.toThrow(
      'This transaction has already been processed',
    );
  });

  it('answers CORS preflights for browsers, with the solana-client header allowed', async () => {
    const response = await fetch(t.chain.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/solana-client/);
    expect(t.chain.wsUrl).toBe(
      t.chain.rpcUrl.replace('http', 'ws').replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`),
    );
  });

  it('answers the cluster info calls', async () => {
    const c = t.connection;
    expect((await c.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await c.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const info = await c.getEpochInfo();
    expect(info.blockHeight).toBe(await c.getBlockHeight());
    const before = await c.getSlot();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await c.getSlot()).toBeGreaterThan(before);
    const accounts = await c.getMultipleAccountsInfo([
      alice.publicKey,
      Keypair.generate().publicKey,
    ]);
    expect(accounts[0]?.owner.toBase58()).toBe(SystemProgram.programId.toBase58());
    expect(accounts[1]).toBeNull();
    expect(await rpc().call('getHealth')).toBe('ok');
  });

  it('simulates without sending, and serves version 0 transactions to clients that accept them', async () => {
    const tx = await buildTransfer(t.connection, bob, alice.publicKey, 50n * SOL);
    const sim = await t.connection.simulateTransaction(tx);
    expect(sim.value.err).toEqual({ InstructionError: [2, { Custom: 1 }] });
    expect(sim.value.logs?.join('\n')).toMatch(/insufficient lamports/);
    const { blockhash, lastValidBlockHeight } = await t.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: alice.publicKey,
          toPubkey: bob.publicKey,
          lamports: 4242,
        }),
      ],
    }).compileToV0Message();
    const v0 = new VersionedTransaction(message);
    const unsigned = await t.connection.simulateTransaction(v0);
    expect(unsigned.value.err).toBeNull();
    v0.sign([alice]);
    const signature = await t.connection.sendTransaction(v0);
    await t.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    await expect(
      rpc().call('getTransaction', [signature, { commitment: 'confirmed' }]),
    ).rejects.toMatchObject({
      details: { rpcCode: -32015 },
    });
    const parsed = await t.connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(parsed?.version).toBe(0);
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { lamports: 4242 } },
    });
  });

  it('notifies signature subscribers over the WebSocket', async () => {
    const tx = await buildTransfer(t.connection, alice, bob.publicKey, 4343n);
    const notified = new Promise<unknown>((resolve) => {
      t.connection.onSignature(
        tx.signature ? bs58.encode(tx.signature) : '',
        (result) => resolve(result),
        'confirmed',
      );
    });
    await t.connection.sendRawTransaction(tx.serialize());
    expect(await notified).toEqual({ err: null });
  });
});
