import { createHash } from 'node:crypto';
import bs58 from 'bs58';

/**
 * Blockhashes derived from the genesis hash and the slot (one block per slot), with the window of
 * the last `validity` kept for lookups. Deterministic, so a restart needs only the slot.
 */
export class Blockhashes {
  private readonly window = new Map<string, number>();

  constructor(
    private readonly genesisHash: string,
    slot: number,
    /** How many blocks a blockhash stays usable (150 on a real cluster). */
    readonly validity: number,
  ) {
    for (let s = Math.max(0, slot - validity); s <= slot; s += 1) {
      this.window.set(this.hashFor(s), s);
    }
  }

  hashFor(slot: number): string {
    return bs58.encode(createHash('sha256').update(`${this.genesisHash}:${slot}`).digest());
  }

  /** Called when `slot` begins. */
  advance(slot: number): void {
    this.window.set(this.hashFor(slot), slot);
    this.window.delete(this.hashFor(slot - this.validity - 1));
  }

  /** The slot that produced `hash`, while it is still valid at `currentSlot`. */
  slotOf(hash: string, currentSlot: number): number | null {
    const slot = this.window.get(hash);
    return slot !== undefined && currentSlot - slot <= this.validity ? slot : null;
  }
}
