import type { Knex } from 'knex';
import type { Store } from '@src/app/ports';
import { createStore } from '@src/adapters/db/knex-store';
import { endPgAdmin, freshPgDatabase } from './db-postgres';
import { closeIdlePglite, freshPgliteKnex } from './db-pglite';

export interface FreshStore {
  store: Store;
  knex: Knex;
  /** Closes the store and throws the database away. */
  close(): Promise<void>;
}

/** Which backend the suites run on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A migrated, empty database of its own and a Store over it. With DATABASE_URL: a new
 * database copied from a migrated template (dropped on close). Without: an in-memory PGlite
 * loaded from a migrated template image (cached on disk, built once for all workers); after
 * close() a healthy one is emptied and reused by the next call in the same test file.
 * Call `close()`, not `store.close()`, so the database can be reused or dropped.
 */
export async function freshStore(): Promise<FreshStore> {
  const url = process.env.DATABASE_URL;
  const db = url ? await freshPgDatabase(url) : await freshPgliteKnex();
  return { store: createStore(db.knex), knex: db.knex, close: db.close };
}

export { truncateAll } from './db-schema';

/** Lets a plain Node script exit after using freshStore (vitest needs no call). */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all([closeIdlePglite(), endPgAdmin()]);
}
