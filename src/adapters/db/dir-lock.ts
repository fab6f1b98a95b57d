import lockfile from 'proper-lockfile';

/** The database directory is held by another process (or another open database here). */
export class DatabaseLockedError extends Error {
  constructor(readonly dir: string) {
    super(`The database in ${dir} is in use by another process`);
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Locks `dir` (it must exist) for this process, since PGlite has no lock of its own and a
 * second writer silently loses data. The lock is refreshed while held and goes stale 30 s
 * after a crash. Returns the release function.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      stale: 30_000,
      update: 10_000,
      realpath: true,
      onCompromised: (error) => {
        process.emitWarning(`Lost the lock on ${dir}: ${error.message}`, 'DatabaseLockWarning');
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(dir);
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await release();
  };
}
