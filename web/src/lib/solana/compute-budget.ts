import type { PublicKey } from '@solana/web3.js';
import {
  ComputeBudgetProgram,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import { computeUnitLimit, priorityFee } from '@src/domain/fees';

/**
 * The two instructions that open every transaction the web app builds, as wallets and mainnet
 * expect: a unit limit for its `transfers`, and the median priority fee the node recently saw
 * on the `writable` accounts (none when it cannot tell).
 */
export function budgetInstructions(
  connection: Connection,
  writable: readonly PublicKey[],
  transfers: number,
): Promise<TransactionInstruction[]> {
  return budgetOfUnits(connection, writable, computeUnitLimit(transfers));
}

/** The same, for a transaction whose unit limit is known (e.g. a multisig escrow plan's). */
export async function budgetOfUnits(
  connection: Connection,
  writable: readonly PublicKey[],
  units: number,
): Promise<TransactionInstruction[]> {
  const recent = await connection
    .getRecentPrioritizationFees({ lockedWritableAccounts: [...writable] })
    .then((fees) => fees.map((f) => f.prioritizationFee))
    .catch(() => []);
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: priorityFee(recent) }),
  ];
}
