import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  SystemInstruction,
  SystemProgram,
  type Transaction,
} from '@solana/web3.js';

/** The System Program transfers a sent transaction holds, in order. */
export const transfersIn = (tx: Transaction) =>
  tx.instructions
    .filter((ix) => ix.programId.equals(SystemProgram.programId))
    .map((ix) => SystemInstruction.decodeTransfer(ix));

/** The compute budget a sent transaction opens with (its unit limit and unit price). */
export function budgetIn(tx: Transaction) {
  const budget = tx.instructions.filter((ix) =>
    ix.programId.equals(ComputeBudgetProgram.programId),
  );
  const kinds = budget.map((ix) => ComputeBudgetInstruction.decodeInstructionType(ix));
  const limit = budget[kinds.indexOf('SetComputeUnitLimit')];
  const price = budget[kinds.indexOf('SetComputeUnitPrice')];
  return {
    first: tx.instructions[0]?.programId.equals(ComputeBudgetProgram.programId) ?? false,
    units: limit ? ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit).units : null,
    microLamports: price
      ? BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price).microLamports)
      : null,
  };
}
