import { createHash } from 'node:crypto';
import { Blockhashes } from './blockhashes';
import type { ChainProfile } from './profile';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/**
 * The chain's sense of time: the slot, the blockhash window, which slots count as confirmed and
 * finalized under the profile, and the wall clock moved forward by `warp` (time travel).
 */
export class ChainClock {
  private slotNow: number;
  private readonly hashes: Blockhashes;
  /** The current slot's unix time, fixed when first read: a block has one timestamp. */
  private slotSeconds: number | null = null;

  constructor(
    private readonly genesisHash: string,
    slot: number,
    /** Seconds added to the wall clock by warps so far. */
    private offset: number,
    readonly profile: ChainProfile,
  ) {
    this.slotNow = slot;
    this.hashes = new Blockhashes(genesisHash, slot, profile.blockhashSlots);
  }

  get slot(): number {
    return this.slotNow;
  }

  get offsetSeconds(): number {
    return this.offset;
  }

  tick(): void {
    this.slotNow += 1;
    this.slotSeconds = null;
    this.hashes.advance(this.slotNow);
  }

  /** Unix seconds as the chain sees them (the wall clock plus every warp). */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  /**
   * The current slot's unix time: the chain's time when the slot was first read, the same for
   * every transaction in it and for the Clock sysvar, as a block's timestamp is on a real chain.
   */
  slotTime(): number {
    this.slotSeconds ??= this.now();
    return this.slotSeconds;
  }

  warp(seconds: number): void {
    this.offset += seconds;
    this.slotSeconds = null;
  }

  blockhashAt(slot: number): string {
    return this.hashes.hashFor(slot);
  }

  latestBlockhash(commitment?: Commitment): { blockhash: string; lastValidBlockHeight: number } {
    const slot = this.slotAt(commitment);
    return {
      blockhash: this.hashes.hashFor(slot),
      lastValidBlockHeight: slot + this.hashes.validity,
    };
  }

  isBlockhashValid(hash: string): boolean {
    return this.hashes.slotOf(hash, this.slotNow) !== null;
  }

  /** The newest slot at `commitment` (a node's default is finalized). */
  slotAt(commitment: Commitment = 'finalized'): number {
    if (commitment === 'processed') return this.slotNow;
    return commitment === 'confirmed' ? this.confirmedSlot() : this.finalizedSlot();
  }

  /** The newest slot whose block has been voted on; its ancestors are confirmed with it. */
  confirmedSlot(): number {
    const [least, most] = this.profile.confirmSlots;
    for (let slot = this.slotNow - least; slot > this.slotNow - most; slot -= 1) {
      if (slot + this.confirmDelay(slot) <= this.slotNow) return Math.max(0, slot);
    }
    return Math.max(0, this.slotNow - most);
  }

  finalizedSlot(): number {
    return Math.max(0, this.slotNow - this.profile.finalitySlots);
  }

  /** Slots `slot` waits for its votes: drawn once per slot, the same after a restart. */
  private confirmDelay(slot: number): number {
    const [least, most] = this.profile.confirmSlots;
    if (least === most) return least;
    const draw = createHash('sha256').update(`${this.genesisHash}:votes:${slot}`).digest();
    return least + (draw.readUInt32LE(0) % (most - least + 1));
  }
}
