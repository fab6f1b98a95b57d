import type { PublicKey } from '@solana/web3.js';
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Keypair,
  type Connection,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBudgetFor } from '@src/adapters/solana/compute-budget';
import { KeypairEscrowPayer } from '@src/adapters/solana/escrow-payer';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { startTestChain, type TestChain } from '../../support/chain';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(() => t.stop());

/** The compute budget a landed transaction asked for, read back from the chain. */
async function budgetOf(signature: string) {
  const tx = await t.connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const message = tx!.transaction.message;
  const keys = message.staticAccountKeys;
  const budget = message.compiledInstructions
    .filter((ix) => keys[ix.programIdIndex]!.equals(ComputeBudgetProgram.programId))
    .map((ix) => ({
      programId: ComputeBudgetProgram.programId,
      keys: [],
      data: Buffer.from(ix.data),
    }));
  const limit = budget.find(
    (ix) => ComputeBudgetInstruction.decodeInstructionType(ix) === 'SetComputeUnitLimit',
  );
  const price = budget.find(
    (ix) => ComputeBudgetInstruction.decodeInstructionType(ix) === 'SetComputeUnitPrice',
  );
  return {
    units: limit && ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit).units,
    microLamports: price && ComputeBudgetInstruction.decodeSetComputeUnitPrice(price).microLamports,
    consumed: tx!.meta!.computeUnitsConsumed,
  };
}

describe('the compute budget of the product’s transactions', () => {
  it('opens a transfer with a unit limit it stays within, and lands on the chain', async () => {
    const payer = Keypair.generate();
    await t.fund(payer, 2);
    const tx = await buildTransfer(t.connection, payer, Keypair.generate().publicKey, 10_000_000n);
    const signature = await sendAndConfirm(t.connection, tx);
    const budget = await budgetOf(signature);
    expect(budget.units).toBe(900);
    expect(BigInt(budget.microLamports!)).toBe(0n);
    expect(budget.consumed).toBeLessThanOrEqual(900);
  });

  it('opens a payout of two parts the same way, sized for both transfers', async () => {
    const escrow = Keypair.generate();
    await t.fund(escrow, 2);
    const payer = new KeypairEscrowPayer(t.connection, escrow);
    const parts = [
      { to: Keypair.generate().publicKey.toBase58(), lamports: 400_000_000n },
      { to: Keypair.generate().publicKey.toBase58(), lamports: 600_000_000n },
    ];
    const prepared = await payer.prepare(parts, Keypair.generate().publicKey.toBase58());
    await prepared.send();
    expect(await prepared.confirm()).toBe('confirmed');
    const budget = await budgetOf(prepared.signature);
    expect(budget.units).toBe(1200);
    expect(budget.consumed).toBeLessThanOrEqual(1200);
  });

  it('prices a unit at the median fee the node saw on the accounts, and 0 when it cannot tell', async () => {
    const asked: PublicKey[][] = [];
    const node = (answer: () => Promise<{ slot: number; prioritizationFee: number }[]>) =>
      ({
        getRecentPrioritizationFees: (config: { lockedWritableAccounts: PublicKey[] }) => {
          asked.push(config.lockedWritableAccounts);
          return answer();
        },
      }) as unknown as Connection;
    const from = Keypair.generate().publicKey.toBase58();
    const busy = node(async () =>
      [3000, 100, 2000, 0, 5000].map((prioritizationFee, slot) => ({ slot, prioritizationFee })),
    );
    expect(await computeBudgetFor(busy, [from], 1)).toEqual({ units: 900, microLamports: 2000n });
    expect(asked[0]!.map((k) => k.toBase58())).toEqual([from]);
    const down = node(() => Promise.reject(new Error('Method not found')));
    expect(await computeBudgetFor(down, [from], 2)).toEqual({ units: 1200, microLamports: 0n });
  });
});
