import type { Knex } from 'knex';
import type { Store } from '../../src/app/ports';
import { createStore } from '../../src/adapters/db/knex-store';
import { freshPgDatabase } from './db-postgres';
import { freshPgliteKnex } from './db-pglite';

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
 * loaded from a migrated template image (cached on disk, built once for all workers).
 */
export async function freshStore(): Promise<FreshStore> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await freshPgDatabase(url);
    const store = createStore(db.knex);
    return { store, knex: db.knex, close: db.close };
  }
  const knex = await freshPgliteKnex();
  const store = createStore(knex);
  return { store, knex, close: () => knex.destroy() };
}

/** Empties every table (ids restart at 1): ~10 ms, for suites that share one database. */
export async function truncateAll(knex: Knex): Promise<void> {
  await knex.raw(
    'TRUNCATE chain_signatures, payments, orders, products, sessions, sign_in_nonces, users ' +
      'RESTART IDENTITY CASCADE',
  );
}
