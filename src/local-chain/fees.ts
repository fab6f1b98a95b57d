import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js';
import type { TxRecord } from './tx-store';

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

/** The price per compute unit a message offers (SetComputeUnitPrice), in micro-lamports. */
export function unitPrice(message: VersionedMessage): bigint {
  const keys = message.staticAccountKeys.map((k) => k.toBase58());
  let price = 0n;
  for (const ix of message.compiledInstructions) {
    const data = Buffer.from(ix.data);
    if (keys[ix.programIdIndex] === COMPUTE_BUDGET && data[0] === 3 && data.length >= 9) {
      price = data.readBigUInt64LE(1);
    }
  }
  return price;
}

/** A landed transaction's unit price and write-locked accounts, read from its wire once. */
const pricings = new WeakMap<TxRecord, { price: bigint; writable: string[] }>();
function pricing(record: TxRecord) {
  let known = pricings.get(record);
  if (!known) {
    const message = VersionedTransaction.deserialize(Buffer.from(record.wire, 'base64')).message;
    const writable = message.staticAccountKeys
      .filter((_, index) => message.isAccountWritable(index))
      .map((key) => key.toBase58());
    known = { price: unitPrice(message), writable };
    pricings.set(record, known);
  }
  return known;
}

/** How many recent slots getRecentPrioritizationFees looks back over, as a node's cache. */
export const PRIORITIZATION_SLOTS = 150;

/**
 * getRecentPrioritizationFees as a node answers it: for each recent slot, the lowest unit price
 * among its transactions that write-lock the account, the highest of that over the accounts
 * asked about (or the slot's lowest price when none are given); 0 for a slot with none.
 */
export function recentPrioritizationFees(
  records: readonly TxRecord[],
  from: number,
  to: number,
  accounts: readonly string[],
): { slot: number; prioritizationFee: number }[] {
  const lowest = new Map<number, Map<string, bigint>>();
  const blockLowest = new Map<number, bigint>();
  for (const record of records) {
    const { price, writable } = pricing(record);
    const block = blockLowest.get(record.slot);
    if (block === undefined || price < block) blockLowest.set(record.slot, price);
    const perAccount = lowest.get(record.slot) ?? new Map<string, bigint>();
    for (const account of writable) {
      const seen = perAccount.get(account);
      if (seen === undefined || price < seen) perAccount.set(account, price);
    }
    lowest.set(record.slot, perAccount);
  }
  const fees = [];
  for (let slot = from; slot <= to; slot += 1) {
    let fee = 0n;
    if (accounts.length === 0) fee = blockLowest.get(slot) ?? 0n;
    for (const account of accounts) {
      const seen = lowest.get(slot)?.get(account) ?? 0n;
      if (seen > fee) fee = seen;
    }
    fees.push({ slot, prioritizationFee: Number(fee) });
  }
  return fees;
}

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
