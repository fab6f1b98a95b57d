import { cp, mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { createKnex } from '@src/adapters/db/knex-factory';
import { migrateLatest } from '@src/adapters/db/migrations';
import { migrationsHash } from '../support/db-schema';

const cacheDir = path.join(os.tmpdir(), 'escrow-marketplace-cli-templates');

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Puts a migrated PGlite data directory at `<dataDir>/pglite`, copied from a template built
 * once (under a lock, so parallel workers share it): a fresh initdb costs 5-25 s here.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const template = path.join(cacheDir, `pglite-${migrationsHash()}`);
  const ready = path.join(template, 'ready');
  await mkdir(cacheDir, { recursive: true });
  if (!(await exists(ready))) {
    const release = await lockfile.lock(cacheDir, {
      lockfilePath: `${template}.lock`,
      stale: 120_000,
      retries: { retries: 1200, minTimeout: 100, maxTimeout: 200 },
    });
    try {
      if (!(await exists(ready))) {
        await rm(template, { recursive: true, force: true });
        const knex = await createKnex({ dataDir: template });
        await migrateLatest(knex);
        await knex.destroy();
        await mkdir(ready);
      }
    } finally {
      await release();
    }
  }
  await cp(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}
