import {
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import bs58 from 'bs58';
import { startTestChain, type TestChain } from '@test/support/chain';
import { countingRpc } from '@test/support/counting-rpc';

const SOL = BigInt(LAMPORTS_PER_SOL);

describe('SolanaChain.verifyTransfer against the local chain', () => {
  let t: TestChain;
  let chain: SolanaChain;
  const buyer = Keypair.generate();
  const escrow = Keypair.generate();
  const stranger = Keypair.generate();

  beforeAll(async () => {
    t = await startTestChain();
    chain = new SolanaChain({
      rpc: createRpcClient({ url: t.chain.rpcUrl }),
      confirmWaitMs: 300,
      confirmPollMs: 100,
    });
    await t.fund(buyer, 10);
    await t.fund(stranger, 10);
  });
  afterAll(() => t.stop());

  const pay = async (from: Keypair, to: Keypair, lamports: bigint) => {
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }),
    );
    return sendAndConfirmTransaction(t.connection, tx, [from], { commitment: 'confirmed' });
  };
  const expectFor = (signature: string, lamports = (3n * SOL) / 2n) => ({
    signature,
    from: buyer.publicKey.toBase58(),
    to: escrow.publicKey.toBase58(),
    lamports,
  });

  it('accepts a web3.js payment from the buyer to the escrow wallet', async () => {
    const signature = await pay(buyer, escrow, (3n * SOL) / 2n);
    expect(await chain.verifyTransfer(expectFor(signature))).toEqual({ ok: true });
    expect(await chain.balance(escrow.publicKey.toBase58())).toBe((3n * SOL) / 2n);
  });

  it('rejects a payment of another amount', async () => {
    const signature = await pay(buyer, escrow, SOL);
    expect(await chain.verifyTransfer(expectFor(signature))).toEqual({
      ok: false,
      reason: 'no_matching_transfer',
      message: `No transfer of 1.50 SOL from ${buyer.publicKey.toBase58()} to ${escrow.publicKey.toBase58()} in this transaction`,
    });
  });

  it('rejects a payment from another wallet', async () => {
    const signature = await pay(stranger, escrow, (3n * SOL) / 2n);
    const check = await chain.verifyTransfer(expectFor(signature));
    expect(check).toMatchObject({ ok: false, reason: 'no_matching_transfer' });
  });

  it('rejects a payment to another wallet', async () => {
    const signature = await pay(buyer, stranger, (3n * SOL) / 2n);
    const check = await chain.verifyTransfer(expectFor(signature));
    expect(check).toMatchObject({ ok: false, reason: 'no_matching_transfer' });
  });

  it('rejects a transaction that failed on chain', async () => {
    const poor = Keypair.generate();
    await t.fund(poor, '0.01');
    const tx = await buildTransfer(t.connection, poor, escrow.publicKey, 5n * SOL);
    const signature = await t.connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: true,
    });
    await expect(sendAndConfirmFailed(signature)).resolves.toBeTruthy();
    const check = await chain.verifyTransfer({
      ...expectFor(signature, 5n * SOL),
      from: poor.publicKey.toBase58(),
    });
    expect(check).toEqual({
      ok: false,
      reason: 'failed',
      message: 'The transaction failed on chain',
    });
  });

  it('refuses an unknown signature after one status look-up, without waiting', async () => {
    const rpc = countingRpc({ url: t.chain.rpcUrl });
    const counted = new SolanaChain({ rpc, confirmWaitMs: 3000 });
    const unknown = await buildTransfer(t.connection, buyer, escrow.publicKey, 1n);
    const signature = bs58.encode(unknown.signature!);
    const started = Date.now();
    expect(await counted.verifyTransfer(expectFor(signature))).toEqual({
      ok: false,
      reason: 'not_found',
      message: 'Transaction not found on chain',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(rpc.calls).toEqual(['getSignatureStatuses']);
    expect(await counted.verifyTransfer(expectFor('not-a-signature'))).toMatchObject({
      reason: 'not_found',
    });
    expect(rpc.calls).toHaveLength(1);
  });

  it('checks a confirmed payment with two calls: its status, then the transaction', async () => {
    const rpc = countingRpc({ url: t.chain.rpcUrl });
    const counted = new SolanaChain({ rpc });
    const signature = await pay(buyer, escrow, (3n * SOL) / 2n);
    expect(await counted.verifyTransfer(expectFor(signature))).toEqual({ ok: true });
    expect(rpc.calls).toEqual(['getSignatureStatuses', 'getTransaction']);
  });

  it('sends and confirms with the helpers, and lists the incoming transfers', async () => {
    const tx = await buildTransfer(t.connection, buyer, escrow.publicKey, 7n, {
      reference: Keypair.generate().publicKey,
    });
    const signature = await sendAndConfirm(t.connection, tx);
    expect(await chain.verifyTransfer(expectFor(signature, 7n))).toEqual({ ok: true });
    const incoming = await chain.incomingTransfers(escrow.publicKey.toBase58());
    expect(incoming[0]).toMatchObject({
      signature,
      from: buyer.publicKey.toBase58(),
      lamports: 7n,
    });
    expect(incoming.map((i) => i.lamports)).toEqual([
      7n,
      (3n * SOL) / 2n,
      (3n * SOL) / 2n,
      SOL,
      (3n * SOL) / 2n,
    ]);
    const paged = new SolanaChain({ rpc: createRpcClient({ url: t.chain.rpcUrl }), pageSize: 2 });
    expect(await paged.incomingTransfers(escrow.publicKey.toBase58())).toEqual(incoming);
  });

  it('reads balances above 2^53 lamports exactly', async () => {
    const whale = Keypair.generate().publicKey.toBase58();
    await t.chain.airdrop(whale, 9_007_199_254_740_993n);
    expect(await chain.balance(whale)).toBe(9_007_199_254_740_993n);
  });

  async function sendAndConfirmFailed(signature: string) {
    const { value } = await t.connection.confirmTransaction(signature, 'confirmed');
    return value.err;
  }
});
