import type { Ledger } from './ledger';

export interface PerformanceSample {
  slot: number;
  numSlots: number;
  numTransactions: number;
  numNonVoteTransactions: number;
  samplePeriodSecs: number;
}

/** A node keeps a sample a minute (150 slots at 400 ms), the latest 720 of them. */
const SAMPLE_SLOTS = 150;
const KEPT = 720;

/** getRecentPerformanceSamples: transactions counted per 150 slots since the chain started. */
export class PerformanceSamples {
  private readonly samples: PerformanceSample[] = [];
  private fromSlot: number;
  private since = Date.now();

  constructor(private readonly ledger: Ledger) {
    this.fromSlot = ledger.slot;
  }

  /** Called each slot. */
  tick(): void {
    const slot = this.ledger.slot;
    if (slot - this.fromSlot < SAMPLE_SLOTS) return;
    const count = this.ledger.store.inSlots(this.fromSlot + 1, slot).length;
    this.samples.unshift({
      slot,
      numSlots: slot - this.fromSlot,
      numTransactions: count,
      numNonVoteTransactions: count, // this chain has no vote transactions
      samplePeriodSecs: Math.max(1, Math.round((Date.now() - this.since) / 1000)),
    });
    this.samples.length = Math.min(this.samples.length, KEPT);
    this.fromSlot = slot;
    this.since = Date.now();
  }

  /** Newest first. */
  latest(limit: number): PerformanceSample[] {
    return this.samples.slice(0, limit);
  }
}
