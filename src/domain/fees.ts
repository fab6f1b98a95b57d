/*
 * The compute budget every transaction the product builds carries, as wallets and mainnet
 * expect: a compute-unit limit sized to the transfers it holds, and a priority fee taken from
 * what the network recently charged on the accounts it writes (getRecentPrioritizationFees).
 */

/** What one System Program instruction (a transfer, a budget instruction) costs, in units. */
const UNITS_PER_INSTRUCTION = 150;

/** A limit for `transfers` transfers and the two budget instructions, with a 2x margin. */
export function computeUnitLimit(transfers: number): number {
  return 2 * UNITS_PER_INSTRUCTION * (transfers + 2);
}

/** Never pay more than this per compute unit, whatever a node reports (1 lamport a unit). */
export const MAX_PRIORITY_MICRO_LAMPORTS = 1_000_000n;

/**
 * The price per compute unit, in micro-lamports: the median of the recent fees a node reports
 * for the accounts, capped; 0 when it reports none (an idle cluster, the local chain).
 */
export function priorityFee(recent: readonly (number | bigint)[]): bigint {
  if (recent.length === 0) return 0n;
  const sorted = recent.map((f) => BigInt(f)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return median > MAX_PRIORITY_MICRO_LAMPORTS ? MAX_PRIORITY_MICRO_LAMPORTS : median;
}

/** The priority part of the fee, in lamports: units x price, rounded up. */
export const priorityLamports = (units: number, microLamports: bigint): bigint =>
  (BigInt(units) * microLamports + 999_999n) / 1_000_000n;
