import {
  ComputeBudgetProgram,
  PublicKey,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import { computeUnitLimit, priorityFee } from '../../domain/fees';

export interface ComputeBudget {
  units: number;
  microLamports: bigint;
}

/**
 * The budget of a transaction of `transfers` transfers writing `writable` accounts: the limit
 * for them and the median priority fee the node saw recently on those accounts. A node that
 * cannot tell (the method missing, an error) means no priority fee; the send says the rest.
 */
export async function computeBudgetFor(
  connection: Connection,
  writable: readonly string[],
  transfers: number,
): Promise<ComputeBudget> {
  const recent = await connection
    .getRecentPrioritizationFees({ lockedWritableAccounts: writable.map((w) => new PublicKey(w)) })
    .then((fees) => fees.map((f) => f.prioritizationFee))
    .catch(() => []);
  return { units: computeUnitLimit(transfers), microLamports: priorityFee(recent) };
}

/** The two instructions that open the transaction: its unit limit and its unit price. */
export const budgetInstructions = (budget: ComputeBudget): TransactionInstruction[] => [
  ComputeBudgetProgram.setComputeUnitLimit({ units: budget.units }),
  ComputeBudgetProgram.setComputeUnitPrice({ microLamports: budget.microLamports }),
];
