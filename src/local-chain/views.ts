import type { ChainClock } from './chain-clock';
import type { TxRecord } from './tx-store';

/** Where a landed transaction stands: processed, confirmed (voted on) or finalized. */
export function commitmentOf(r: TxRecord, clock: ChainClock) {
  if (r.slot <= clock.finalizedSlot() && clock.slot - r.slot >= clock.profile.finalitySlots)
    return 'finalized';
  return r.slot <= clock.confirmedSlot() ? 'confirmed' : 'processed';
}

/** getSignatureStatuses' entry for a landed transaction. */
export function signatureStatus(r: TxRecord, clock: ChainClock) {
  const level = commitmentOf(r, clock);
  return {
    slot: r.slot,
    confirmations: level === 'finalized' ? null : level === 'processed' ? 0 : clock.slot - r.slot,
    err: r.err,
    status: r.err === null ? { Ok: null } : { Err: r.err },
    confirmationStatus: level,
  };
}

/** Whether `r` is visible to a read at `commitment` (history is never served below confirmed). */
export function reaches(r: TxRecord, clock: ChainClock, commitment: string | undefined): boolean {
  const level = commitmentOf(r, clock);
  if (commitment === 'finalized' || commitment === undefined) return level === 'finalized';
  return level !== 'processed';
}
