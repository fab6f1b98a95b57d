import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';

const SOL = BigInt(LAMPORTS_PER_SOL);

describe('SolanaChain.findReference against the local chain', () => {
  let t: TestChain;
  let chain: SolanaChain;
  const escrow = Keypair.generate();
  const stranger = Keypair.generate();
  const seller = Keypair.generate();

  beforeAll(async () => {
    t = await startTestChain();
    chain = new SolanaChain({ rpc: createRpcClient({ url: t.chain.rpcUrl }) });
    await t.fund(escrow, 10);
    await t.fund(stranger, 10);
  });
  afterAll(() => t.stop());

  const send = async (from: Keypair, to: Keypair, lamports: bigint, reference: Keypair) =>
    sendAndConfirm(
      t.connection,
      await buildTransfer(t.connection, from, to.publicKey, lamports, {
        reference: reference.publicKey,
      }),
    );

  it('passes over a transaction anyone else put the reference in, and finds the payout', async () => {
    const reference = Keypair.generate();
    const ref = reference.publicKey.toBase58();
    const signer = escrow.publicKey.toBase58();
    // A stranger who learnt the reference puts it in a transfer of their own.
    await send(stranger, stranger, 1n, reference);
    expect(await chain.findReference(ref, signer)).toBeNull();
    const payout = await send(escrow, seller, SOL / 2n, reference);
    await send(stranger, stranger, 2n, reference);
    expect(await chain.findReference(ref, signer)).toEqual({ signature: payout, failed: false });
  });

  it('tells whether a transaction names a reference', async () => {
    const reference = Keypair.generate();
    const payout = await send(escrow, seller, 3n, reference);
    expect(await chain.carriesReference(payout, reference.publicKey.toBase58())).toBe(true);
    const other = Keypair.generate().publicKey.toBase58();
    expect(await chain.carriesReference(payout, other)).toBe(false);
    expect(await chain.carriesReference('1'.repeat(88), other)).toBe(false);
  });

  it('finds nothing for a reference no transaction carries', async () => {
    const ref = Keypair.generate().publicKey.toBase58();
    expect(await chain.findReference(ref, escrow.publicKey.toBase58())).toBeNull();
  });
});
