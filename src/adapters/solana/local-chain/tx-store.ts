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
}

type Stored = Omit<TxRecord, 'fee' | 'unitsConsumed' | 'preBalances' | 'postBalances'> & {
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

  /** Newest first, as getSignaturesForAddress pages: strictly older than `before`, down to `until`. */
  forAddress(
    address: string,
    opts: { limit: number; before?: string; until?: string },
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
      out.push(record);
    }
    return out;
  }

  toJSON(): Stored[] {
    return this.records.map((r) => ({
      ...r,
      fee: r.fee.toString(),
      unitsConsumed: r.unitsConsumed.toString(),
      preBalances: r.preBalances.map(String),
      postBalances: r.postBalances.map(String),
    }));
  }

  static fromJSON(rows: Stored[]): TxStore {
    const store = new TxStore();
    for (const r of rows) {
      store.add({
        ...r,
        fee: BigInt(r.fee),
        unitsConsumed: BigInt(r.unitsConsumed),
        preBalances: r.preBalances.map(BigInt),
        postBalances: r.postBalances.map(BigInt),
      });
    }
    return store;
  }
}
