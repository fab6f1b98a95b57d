import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '@test/support/chain';
import { PrioritizationFees } from '@src/local-chain/fees';
import type { TxRecord } from '@src/local-chain/tx-store';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(() => t.stop());

/** A transfer offering `microLamports` a unit, as a wallet in a hurry sends it. */
async function payWithPriority(from: Keypair, to: Keypair, microLamports: number) {
  const latest = await t.connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: from.publicKey, ...latest }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 900 }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports }),
    SystemProgram.transfer({
      fromPubkey: from.publicKey,
      toPubkey: to.publicKey,
      lamports: LAMPORTS_PER_SOL / 100,
    }),
  );
  tx.sign(from);
  return sendAndConfirm(t.connection, tx);
}

describe('getRecentPrioritizationFees on the local chain', () => {
  it('reports, by slot, the lowest price paid to write each account, 0 elsewhere', async () => {
    const alice = Keypair.generate();
    const shop = Keypair.generate();
    const quiet = Keypair.generate();
    await t.fund(alice, 1);
    const signature = await payWithPriority(alice, shop, 7_000);
    const { slot } = (await t.connection.getTransaction(signature, { commitment: 'confirmed' }))!;

    const fees = await t.connection.getRecentPrioritizationFees({
      lockedWritableAccounts: [shop.publicKey],
    });
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.length).toBeLessThanOrEqual(150);
    expect(fees.find((f) => f.slot === slot)?.prioritizationFee).toBe(7_000);
    expect(fees.filter((f) => f.slot !== slot).every((f) => f.prioritizationFee === 0)).toBe(true);

    const untouched = await t.connection.getRecentPrioritizationFees({
      lockedWritableAccounts: [quiet.publicKey],
    });
    expect(untouched.every((f) => f.prioritizationFee === 0)).toBe(true);
  });

  it('refuses what is not a list of addresses, as a node does', async () => {
    const res = await fetch(t.chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getRecentPrioritizationFees',
        params: [['not an address']],
      }),
    });
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32602);
  });
});

describe('PrioritizationFees, the node-side cache of past slots', () => {
  const payer = Keypair.generate();
  const shop = Keypair.generate().publicKey;
  const landed = (slot: number, microLamports: number): TxRecord => {
    const tx = new Transaction({
      feePayer: payer.publicKey,
      blockhash: Keypair.generate().publicKey.toBase58(),
      lastValidBlockHeight: 1,
    }).add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: shop, lamports: 1 }),
    );
    tx.sign(payer);
    return { slot, wire: tx.serialize().toString('base64') } as TxRecord;
  };

  it('reads a past slot once, and the open slot every time', () => {
    const bySlot = new Map<number, TxRecord[]>([[10, [landed(10, 7_000)]]]);
    const reads: number[] = [];
    const fees = new PrioritizationFees((slot) => {
      reads.push(slot);
      return bySlot.get(slot) ?? [];
    });
    const at = (slot: number, current: number) =>
      fees.recent(current - 3, current, [shop.toBase58()], current).find((f) => f.slot === slot)
        ?.prioritizationFee;

    expect(at(10, 10)).toBe(7_000);
    // Slot 10 is still open: a cheaper transaction landing in it counts.
    bySlot.get(10)!.push(landed(10, 2_000));
    expect(at(10, 10)).toBe(2_000);

    reads.length = 0;
    expect(at(10, 11)).toBe(2_000);
    expect(reads).toEqual([10, 11]);
    reads.length = 0;
    bySlot.set(11, [landed(11, 5_000)]);
    expect(at(11, 12)).toBe(5_000);
    expect(reads).toEqual([11, 12]);
    expect(fees.recent(9, 12, [], 12).map((f) => f.prioritizationFee)).toEqual([
      0, 2_000, 5_000, 0,
    ]);
  });
});
