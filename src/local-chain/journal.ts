import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { restoreAccount } from './account-state';
import { loadSnapshot, saveSnapshot, serialize, type ChainState } from './chain-state';
import type { Landed } from './ledger';
import { recordFromStored, storedRecord, type Stored } from './tx-store';
import { readSegments, WriteAheadLog } from './wal';

/** A slot mark is logged this often, so a restart never goes back to a slot clients have seen. */
export const SLOT_MARK_EVERY = 25;
/** A checkpoint (snapshot, then a fresh log) after this many logged transactions... */
const CHECKPOINT_EVERY = 5_000;
/** ...or this long after the first transaction it would fold in. */
const CHECKPOINT_AFTER_MS = 60_000;

type Entry =
  | { t: 'tx'; record: Stored; accounts: Landed['accounts'] }
  | { t: 'slot'; slot: number }
  | { t: 'warp'; offset: number };

/**
 * The saved chain in `dir`: the last snapshot with every logged change after it replayed
 * (accounts, history, slot marks, warps), or null for a new folder.
 */
export async function loadState(dir: string): Promise<ChainState | null> {
  const state = await loadSnapshot(dir);
  if (!state) return null;
  let slot = state.slot;
  for (const entry of (await readSegments(dir, state.walSegment)) as Entry[]) {
    if (entry.t === 'warp') state.clockOffset = entry.offset;
    else if (entry.t === 'slot') slot = Math.max(slot, entry.slot);
    else {
      for (const account of entry.accounts) restoreAccount(state.svm, account);
      if (!state.store.get(entry.record.signature)) state.store.add(recordFromStored(entry.record));
      slot = Math.max(slot, entry.record.slot);
    }
  }
  // Up to a mark's worth of slots may have passed unlogged before a crash: step over them.
  state.slot = slot + SLOT_MARK_EVERY;
  return state;
}

/**
 * Writes ahead, then lets the chain acknowledge: every change is appended to the log and
 * fsynced before `barrier()` resolves. Checkpoints fold the log into a new snapshot.
 */
export class Journal {
  private sinceCheckpoint = 0;
  private firstUnsaved = 0;
  private checkpointing: Promise<void> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly wal: WriteAheadLog,
    private readonly current: () => ChainState,
  ) {}

  /** Starts from a checkpoint of `state` (which folds in whatever was replayed). */
  static async open(dir: string, current: () => ChainState): Promise<Journal> {
    const state = current();
    const segments = (await readdir(dir)).map((n) => Number(/^wal-(\d+)\.log$/.exec(n)?.[1]));
    const next = Math.max(state.walSegment, ...segments.filter((n) => n >= 0)) + 1;
    await saveSnapshot(dir, serialize({ ...state, walSegment: next }));
    await removeSegmentsBefore(dir, next);
    return new Journal(dir, await WriteAheadLog.open(dir, next), current);
  }

  transaction(landed: Landed): void {
    this.wal.append({ t: 'tx', record: storedRecord(landed.record), accounts: landed.accounts });
    this.sinceCheckpoint += 1;
    if (this.sinceCheckpoint === 1) this.firstUnsaved = Date.now();
  }

  warp(offset: number): void {
    this.wal.append({ t: 'warp', offset });
  }

  slot(slot: number): void {
    this.wal.append({ t: 'slot', slot });
  }

  barrier(): Promise<void> | null {
    return this.wal.barrier();
  }

  /** Called now and then (each slot): checkpoints when the log has grown long or old. */
  maybeCheckpoint(): Promise<void> | null {
    const due =
      this.sinceCheckpoint >= CHECKPOINT_EVERY ||
      (this.sinceCheckpoint > 0 && Date.now() - this.firstUnsaved >= CHECKPOINT_AFTER_MS);
    return due ? this.checkpoint() : null;
  }

  /** Snapshot now; the log starts a new segment; older segments go once the snapshot is safe. */
  checkpoint(): Promise<void> {
    if (this.checkpointing) return this.checkpointing.then(() => this.checkpoint());
    const next = this.wal.currentSegment + 1;
    const bytes = serialize({ ...this.current(), walSegment: next });
    this.wal.rotate(next);
    this.sinceCheckpoint = 0;
    this.checkpointing = saveSnapshot(this.dir, bytes)
      .then(() => removeSegmentsBefore(this.dir, next))
      .finally(() => (this.checkpointing = null));
    return this.checkpointing;
  }

  async close(): Promise<void> {
    await this.checkpoint();
    await this.wal.close();
  }
}

async function removeSegmentsBefore(dir: string, segment: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const n = Number(/^wal-(\d+)\.log$/.exec(name)?.[1]);
    if (n < segment) await unlink(join(dir, name)).catch(() => undefined);
  }
}
