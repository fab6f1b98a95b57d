import { readFile, realpath, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { processStart, type Holder, holderIsGone } from './lock-holder';

/** The database directory is held by another process (or another open database here). */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder?: Holder,
  ) {
    super(`The database in ${dir} is in use by another process`);
    this.name = 'DatabaseLockedError';
  }
}

const STALE_MS = 30_000;
const HOLDER_FILE = 'holder.json';
/** Lock directories this process holds, so a holder record with our own pid is told apart. */
const heldHere = new Set<string>();

/**
 * Locks `dir` (it must exist) for this process, since PGlite has no lock of its own and a
 * second writer silently loses data. The lock is a directory beside `dir` holding a record of
 * its holder (pid, host, process start). A lock whose holder is gone (killed, crashed) is taken
 * over at once; one whose holder cannot be checked (another host) goes stale 30 s after its
 * last refresh. Returns the release function.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const real = await realpath(dir);
  const lockPath = `${real}.lock`;
  try {
    return await acquire(real, lockPath);
  } catch (error) {
    if (!isLocked(error)) throw error;
  }
  const holder = await readHolder(lockPath);
  if (!(await takeOver(real, lockPath, holder))) throw new DatabaseLockedError(dir, holder);
  try {
    return await acquire(real, lockPath);
  } catch (error) {
    if (isLocked(error)) throw new DatabaseLockedError(dir, await readHolder(lockPath));
    throw error;
  }
}

// ENOTEMPTY: proper-lockfile found the lock stale but could not remove it (it holds our record).
const isLocked = (error: unknown) =>
  ['ELOCKED', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '');

async function acquire(dir: string, lockPath: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(dir, {
    stale: STALE_MS,
    update: 10_000,
    realpath: false,
    lockfilePath: lockPath,
    onCompromised: (error) => {
      process.emitWarning(`Lost the lock on ${dir}: ${error.message}`, 'DatabaseLockWarning');
    },
  });
  heldHere.add(lockPath);
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    start: await processStart(process.pid),
  };
  // proper-lockfile takes a changed mtime for another process's hand on the lock: the record
  // is written inside, then the directory's mtime put back.
  const { atime, mtime } = await stat(lockPath);
  await writeFile(path.join(lockPath, HOLDER_FILE), JSON.stringify(me));
  await utimes(lockPath, atime, mtime);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    // proper-lockfile removes an empty directory only.
    await rm(path.join(lockPath, HOLDER_FILE), { force: true });
    await release();
  };
}

async function readHolder(lockPath: string): Promise<Holder | undefined> {
  try {
    return JSON.parse(await readFile(path.join(lockPath, HOLDER_FILE), 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/**
 * Removes a lock whose holder is gone (or which went stale). Two processes starting at once
 * take turns through a second lock and look again, so only one of them removes it.
 */
async function takeOver(dir: string, lockPath: string, seen: Holder | undefined) {
  const gone = async (holder: Holder | undefined) =>
    holder !== undefined &&
    !(holder.pid === process.pid && heldHere.has(lockPath)) &&
    (await holderIsGone(holder));
  const stale = async () =>
    stat(lockPath).then(
      (s) => s.mtimeMs < Date.now() - STALE_MS,
      () => true,
    );
  if (!(await gone(seen)) && !(await stale())) return false;
  let turn: () => Promise<void>;
  try {
    turn = await lockfile.lock(dir, {
      lockfilePath: `${lockPath}.takeover`,
      realpath: false,
      stale: 10_000,
      retries: { retries: 20, minTimeout: 50, maxTimeout: 200 },
    });
  } catch {
    return false;
  }
  try {
    const holder = await readHolder(lockPath);
    if (JSON.stringify(holder) !== JSON.stringify(seen)) return false;
    if (!(await gone(holder)) && !(await stale())) return false;
    await rm(path.join(lockPath, HOLDER_FILE), { force: true });
    await rmdir(lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return true;
  } finally {
    await turn();
  }
}
