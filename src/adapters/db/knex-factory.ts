import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { lockDirectory } from './dir-lock';
import { INT8, parseInt8 } from './int8';
import { fastTimestamptz, TIMESTAMPTZ } from './timestamptz';

export interface KnexOptions {
  /** postgres://… for a PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where the embedded database lives (`<dataDir>/pglite`). */
  dataDir: string;
  /**
   * PGlite on a worker thread of its own (the server: its WASM then runs beside HTTP, not in
   * turns with it), or in this thread (short-lived commands, where starting a thread costs more).
   */
  thread?: boolean;
}

/** Knex for PostgreSQL (pg driver) when `databaseUrl` is set, else PGlite in `<dataDir>/pglite`. */
export async function createKnex(opts: KnexOptions): Promise<Knex> {
  if (opts.databaseUrl) return createPgKnex(opts.databaseUrl);
  const dir = path.resolve(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const release = await lockDirectory(dir);
  try {
    // Loaded only here: a server on PostgreSQL never pays for PGlite's start-up.
    const [{ PGlite, knexForPglite, pgliteOptions }, { PGliteThread }] = await Promise.all([
      import('./pglite-knex'),
      import('./pglite-thread'),
    ]);
    const pglite = opts.thread
      ? await PGliteThread.create(dir)
      : await PGlite.create({ dataDir: dir, ...pgliteOptions() });
    return knexForPglite(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** timestamptz read as the driver reads it, faster in the usual case (see fastTimestamptz). */
const parseTimestamptz = fastTimestamptz(
  pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => unknown,
);

export function createPgKnex(databaseUrl: string, pool?: Knex.PoolConfig): Knex {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (format === 'binary') return pg.types.getTypeParser(oid, format);
      if (oid === INT8) return parseInt8;
      if (oid === TIMESTAMPTZ) return parseTimestamptz;
      return pg.types.getTypeParser(oid, format);
    },
  };
  return knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, types } as Knex.PgConnectionConfig,
    pool: pool ?? { min: 0, max: 10 },
  });
}
