import type { TokenBalanceRecord } from './token-balances';
import type { TxErrorJson } from './tx-errors';

export interface InnerInstructionRecord {
  index: number;
  instructions: {
    programIdIndex: number;
    accounts: number[];
    data: string;
    stackHeight: number;
  }[];
}

/** A transaction that landed (succeeded or failed with its fee charged). */
export interface TxRecord {
  signature: string;
  slot: number;
  blockTime: number;
  /** The transaction as sent, base64. */
  wire: string;
  err: TxErrorJson | null;
  logs: string[];
  fee: bigint;
  unitsConsumed: bigint;
  accountKeys: string[];
  preBalances: bigint[];
  postBalances: bigint[];
  innerInstructions: InnerInstructionRecord[];
  /** Token accounts among the keys, before and after (absent in records of older chains). */
  preTokenBalances?: TokenBalanceRecord[];
  postTokenBalances?: TokenBalanceRecord[];
}

export type Stored = Omit<TxRecord, 'fee' | 'unitsConsumed' | 'preBalances' | 'postBalances'> & {
  fee: string;
  unitsConsumed: string;
  preBalances: string[];
  postBalances: string[];
};

/** The chain's own transaction history: lookups by signature and by account, in order. */
export class TxStore {
  private readonly records: TxRecord[] = [];
  private readonly bySignature = new Map<string, TxRecord>();
  private readonly byAddress = new Map<string, TxRecord[]>();

  get size(): number {
    return this.records.length;
  }

  add(record: TxRecord): void {
    this.records.push(record);
    this.bySignature.set(record.signature, record);
    for (const key of new Set(record.accountKeys)) {
      const list = this.byAddress.get(key);
      if (list) list.push(record);
      else this.byAddress.set(key, [record]);
    }
  }

  get(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Transactions that landed in slots `from` to `to` (inclusive), in order. */
  inSlots(from: number, to: number): TxRecord[] {
    const start = this.firstAtOrAfter(from);
    const out: TxRecord[] = [];
    for (let i = start; i < this.records.length && this.records[i]!.slot <= to; i += 1) {
      out.push(this.records[i]!);
    }
    return out;
  }

  /** The last transaction before `slot` and the first at or after it (for block times). */
  around(slot: number): { before?: TxRecord; after?: TxRecord } {
    const at = this.firstAtOrAfter(slot);
    return { before: this.records[at - 1], after: this.records[at] };
  }

  /** Records land in slot order, so a binary search finds a slot. */
  private firstAtOrAfter(slot: number): number {
    let low = 0;
    let high = this.records.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.records[mid]!.slot < slot) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Newest first, as getSignaturesForAddress pages: strictly older than `before`, down to `until`. */
  forAddress(
    address: string,
    opts: { limit: number; before?: string; until?: string; visible?: (r: TxRecord) => boolean },
  ): TxRecord[] {
    const list = this.byAddress.get(address) ?? [];
    let end = list.length;
    if (opts.before) {
      const at = list.findIndex((r) => r.signature === opts.before);
      end = at === -1 ? 0 : at;
    }
    const out: TxRecord[] = [];
    for (let i = end - 1; i >= 0 && out.length < opts.limit; i -= 1) {
      const record = list[i]!;
      if (record.signature === opts.until) break;
      if (!opts.visible || opts.visible(record)) out.push(record);
    }
    return out;
  }

  toJSON(): Stored[] {
    return this.records.map(storedRecord);
  }

  static fromJSON(rows: Stored[]): TxStore {
    const store = new TxStore();
    for (const r of rows) store.add(recordFromStored(r));
    return store;
  }
}

/** A record with its bigints as strings, for JSON files. */
export function storedRecord(r: TxRecord): Stored {
  return {
    ...r,
    fee: r.fee.toString(),
    unitsConsumed: r.unitsConsumed.toString(),
    preBalances: r.preBalances.map(String),
    postBalances: r.postBalances.map(String),
  };
}

export function recordFromStored(r: Stored): TxRecord {
  return {
    ...r,
    fee: BigInt(r.fee),
    unitsConsumed: BigInt(r.unitsConsumed),
    preBalances: r.preBalances.map(BigInt),
    postBalances: r.postBalances.map(BigInt),
  };
}
