import { open, readdir, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { syncDir } from './durable-file';

const SEGMENT = /^wal-(\d+)\.log$/;
/**
 * Append with O_SYNC: each write returns once it is on disk, one trip to the thread pool where
 * write + fdatasync take two (on a busy machine each trip costs milliseconds).
 */
const SYNC_APPEND = 'as';
export const segmentFile = (dir: string, segment: number) => join(dir, `wal-${segment}.log`);

/** [u32 length][u32 crc32 of the payload][payload: one JSON entry]. */
function frame(entry: object): Buffer {
  const payload = Buffer.from(JSON.stringify(entry));
  const head = Buffer.alloc(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([head, payload]);
}

/** The entries of one segment, up to the first torn or corrupt frame (never acknowledged). */
function unframe(bytes: Buffer): object[] {
  const out: object[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32LE(at);
    const payload = bytes.subarray(at + 8, at + 8 + length);
    if (payload.length < length || crc32(payload) !== bytes.readUInt32LE(at + 4)) break;
    out.push(JSON.parse(payload.toString('utf8')) as object);
    at += 8 + length;
  }
  return out;
}

/** Every entry in segments numbered `from` and up, oldest first. */
export async function readSegments(dir: string, from: number): Promise<object[]> {
  const segments = (await readdir(dir))
    .map((name) => Number(SEGMENT.exec(name)?.[1] ?? NaN))
    .filter((n) => n >= from)
    .sort((a, b) => a - b);
  const entries: object[] = [];
  for (const n of segments) entries.push(...unframe(await readFile(segmentFile(dir, n))));
  return entries;
}

type Pending = Buffer | { rotateTo: number };
interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * An append-only log with group commit: entries appended while one write + fdatasync is under
 * way go together in the next one. `barrier()` resolves once everything appended so far is on
 * disk, which is when the chain may tell anyone about it.
 */
export class WriteAheadLog {
  private pending: Pending[] = [];
  private appended = 0;
  private synced = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private file: FileHandle | null = null;

  private constructor(
    private readonly dir: string,
    private segment: number,
  ) {}

  static async open(dir: string, segment: number): Promise<WriteAheadLog> {
    const wal = new WriteAheadLog(dir, segment);
    wal.file = await open(segmentFile(dir, segment), SYNC_APPEND);
    await syncDir(dir);
    return wal;
  }

  append(entry: object): void {
    this.pending.push(frame(entry));
    this.appended += 1;
    this.schedule();
  }

  /** Later appends go to segment `next` (the checkpoint that saved everything before it). */
  rotate(next: number): void {
    this.segment = next;
    this.pending.push({ rotateTo: next });
    this.schedule();
  }

  /** Null when nothing is waiting for the disk; else resolves once it is all synced. */
  barrier(): Promise<void> | null {
    if (this.synced === this.appended) return null;
    return new Promise((resolve, reject) =>
      this.waiters.push({ upTo: this.appended, resolve, reject }),
    );
  }

  get currentSegment(): number {
    return this.segment;
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.file?.close();
    this.file = null;
  }

  private schedule(): void {
    // One turn of the event loop lets a batch of requests append before the write starts.
    this.flushing ??= new Promise((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .finally(() => {
        this.flushing = null;
        if (this.pending.length) this.schedule();
      });
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending;
      const upTo = this.appended;
      this.pending = [];
      try {
        await this.writeBatch(batch);
      } catch (error) {
        this.settle(upTo, error as Error);
        continue;
      }
      this.synced = upTo;
      this.settle(upTo, null);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    let buffers: Buffer[] = [];
    const write = async () => {
      if (!buffers.length) return;
      await this.file!.write(Buffer.concat(buffers)); // durable on return (O_SYNC)
      buffers = [];
    };
    for (const item of batch) {
      if (Buffer.isBuffer(item)) {
        buffers.push(item);
        continue;
      }
      await write();
      await this.file!.close();
      this.file = await open(segmentFile(this.dir, item.rotateTo), SYNC_APPEND);
      await syncDir(this.dir);
    }
    await write();
  }

  private settle(upTo: number, error: Error | null): void {
    const due = this.waiters.filter((w) => w.upTo <= upTo);
    this.waiters = this.waiters.filter((w) => w.upTo > upTo);
    for (const w of due) {
      if (error) w.reject(new Error('could not write the chain log', { cause: error }));
      else w.resolve();
    }
  }
}
