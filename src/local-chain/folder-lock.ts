import { link, mkdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

interface Holder {
  pid: number;
  host: string;
  /** The process's start time (Linux), so a reused pid is not taken for the holder. */
  started: string | null;
}

const heldHere = new Set<string>();

async function startOf(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

async function isAlive(holder: Holder, path: string): Promise<boolean> {
  if (holder.host !== hostname()) return true; // another machine's process: cannot tell
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = await startOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

/** Thrown when a live process holds the folder. */
export class FolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The chain data folder ${dir} is in use by another process (pid ${pid})`);
    this.name = 'FolderInUseError';
  }
}

/**
 * One process per folder. The lock file names its holder; a lock whose holder has died (a
 * crash, SIGKILL) is taken over at once, a live holder's is refused. Returns the release.
 */
export async function lockFolder(dir: string, name = 'owner.lock'): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  const mine: Holder = { pid: process.pid, host: hostname(), started: await startOf(process.pid) };
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(temp, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await link(temp, path); // atomic: fails if the lock exists
        heldHere.add(path);
        return async () => {
          heldHere.delete(path);
          const holder = await readHolder(path);
          if (holder?.pid === mine.pid && holder.started === mine.started) await unlink(path);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readHolder(path);
      if (holder && (await isAlive(holder, path))) throw new FolderInUseError(dir, holder.pid);
      await takeOver(path, holder);
    }
    throw new Error(`Could not lock the chain data folder ${dir}`);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Removes a dead holder's lock; a takeover folder keeps two newcomers from racing. */
async function takeOver(path: string, dead: Holder | null): Promise<void> {
  const guard = `${path}.takeover`;
  try {
    await mkdir(guard);
  } catch {
    const since = await stat(guard).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > 5_000) await rmdir(guard).catch(() => undefined); // its taker died mid-way
    await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  try {
    const now = await readHolder(path);
    if (JSON.stringify(now) === JSON.stringify(dead)) await unlink(path).catch(() => undefined);
  } finally {
    await rmdir(guard);
  }
}
