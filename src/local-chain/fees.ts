import type { VersionedMessage } from '@solana/web3.js';

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

/** The fee a node charges for a message: 5,000 lamports a signature plus any priority fee. */
export function feeForMessage(message: VersionedMessage): bigint {
  const keys = message.staticAccountKeys.map((k) => k.toBase58());
  let unitLimit: bigint | null = null;
  let microLamports = 0n;
  let others = 0n;
  for (const ix of message.compiledInstructions) {
    if (keys[ix.programIdIndex] !== COMPUTE_BUDGET) {
      others += 1n;
      continue;
    }
    const data = Buffer.from(ix.data);
    if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(data.readUInt32LE(1));
    if (data[0] === 3 && data.length >= 9) microLamports = data.readBigUInt64LE(1);
  }
  const units = unitLimit ?? minBig(others * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS);
  const priority = (microLamports * units + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
