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

/** One slot's prices: the lowest of all its transactions, and the lowest for each account written. */
interface SlotPrices {
  lowest: bigint;
  byAccount: Map<string, bigint>;
}

function slotPrices(records: readonly TxRecord[]): SlotPrices | null {
  if (records.length === 0) return null;
  let lowest: bigint | null = null;
  const byAccount = new Map<string, bigint>();
  for (const record of records) {
    const { price, writable } = pricing(record);
    if (lowest === null || price < lowest) lowest = price;
    for (const account of writable) {
      const seen = byAccount.get(account);
      if (seen === undefined || price < seen) byAccount.set(account, price);
    }
  }
  return { lowest: lowest!, byAccount };
}

/**
 * getRecentPrioritizationFees as a node answers it: for each recent slot, the lowest unit price
 * among its transactions that write-lock the account, the highest of that over the accounts
 * asked about (or the slot's lowest price when none are given); 0 for a slot with none.
 *
 * Like a node, it keeps each slot's prices once the slot is over (nothing lands in a past slot),
 * for the last PRIORITIZATION_SLOTS slots: a call reads only the current slot's transactions,
 * not the whole window's (thousands at a busy pace, read on every payment a wallet prepares).
 */
export class PrioritizationFees {
  private readonly past = new Map<number, SlotPrices | null>();

  constructor(private readonly transactions: (slot: number) => readonly TxRecord[]) {}

  /** Slots `from` to `to`; `current` is the slot still open (its transactions may grow). */
  recent(
    from: number,
    to: number,
    accounts: readonly string[],
    current: number,
  ): { slot: number; prioritizationFee: number }[] {
    for (const slot of this.past.keys()) if (slot < from || slot >= current) this.past.delete(slot);
    const fees = [];
    for (let slot = from; slot <= to; slot += 1) {
      let prices = this.past.get(slot);
      if (prices === undefined) {
        prices = slotPrices(this.transactions(slot));
        if (slot < current) this.past.set(slot, prices);
      }
      let fee = 0n;
      if (prices && accounts.length === 0) fee = prices.lowest;
      for (const account of accounts) {
        const seen = prices?.byAccount.get(account) ?? 0n;
        if (seen > fee) fee = seen;
      }
      fees.push({ slot, prioritizationFee: Number(fee) });
    }
    return fees;
  }
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
