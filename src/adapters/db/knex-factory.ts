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
  /**
   * Where knex's own messages go ("Acquire connection error: ..." and the like, with their
   * stacks), at debug level: the failures they repeat reach the caller as errors already. Without
   * it they are dropped; knex would print them with console.log, into a command's --json output.
   */
  logger?: DriverLogger;
}

/** The part of a pino logger knex's messages are handed to. */
export interface DriverLogger {
  debug(fields: object, message: string): void;
}

/** knex's `log` option: every message it would print, to `logger` at debug level. */
function driverLog(logger: DriverLogger | undefined): Knex.Config['log'] {
  const to = (kind: string) => (message: unknown) =>
    logger?.debug({ driver: kind, detail: String(message) }, 'database driver message');
  return { warn: to('warn'), error: to('error'), deprecate: to('deprecate'), debug: to('debug') };
}

/** Knex for PostgreSQL (pg driver) when `databaseUrl` is set, else PGlite in `<dataDir>/pglite`. */
export async function createKnex(opts: KnexOptions): Promise<Knex> {
  if (opts.databaseUrl) return createPgKnex(opts.databaseUrl, undefined, opts.logger);
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

export function createPgKnex(
  databaseUrl: string,
  pool?: Knex.PoolConfig,
  logger?: DriverLogger,
): Knex {
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
    log: driverLog(logger),
  });
}
