import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDirectory } from './dir-lock';

const INT8 = 20;
/** Both drivers read int8 as bigint (lamports, count(*)); numeric stays a string, timestamptz a Date. */
const parseInt8 = (text: string) => BigInt(text);

export interface KnexOptions {
  /** postgres://… for a PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where the embedded database lives (`<dataDir>/pglite`). */
  dataDir: string;
}

/** Knex for PostgreSQL (pg driver) when `databaseUrl` is set, else PGlite in `<dataDir>/pglite`. */
export async function createKnex(opts: KnexOptions): Promise<Knex> {
  if (opts.databaseUrl) return createPgKnex(opts.databaseUrl);
  const dir = path.resolve(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const release = await lockDirectory(dir);
  try {
    const pglite = await PGlite.create({ dataDir: dir, ...pgliteOptions() });
    return knexForPglite(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

export function createPgKnex(databaseUrl: string, pool?: Knex.PoolConfig): Knex {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format),
  };
  return knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, types } as Knex.PgConnectionConfig,
    pool: pool ?? { min: 0, max: 10 },
  });
}

/** Options every PGlite we open shares: the trigram extension and the int8 parser. */
export function pgliteOptions() {
  return { extensions: { pg_trgm }, parsers: { [INT8]: parseInt8 } };
}

/**
 * Knex over an already open PGlite (single connection: always pass the transaction).
 * Destroying the knex closes the PGlite, then runs `onClose` (e.g. releasing a directory lock).
 */
export function knexForPglite(pglite: PGlite, onClose?: () => Promise<void>): Knex {
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    // knex-pglite calls this more than once: always hand back the same instance.
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  // knex.destroy is read-only; it delegates to client.destroy, so that is where we hook in.
  const client = knex.client as { destroy(callback?: (error?: unknown) => void): Promise<void> };
  const destroy = client.destroy.bind(client);
  let closing: Promise<void> | undefined;
  const close = async () => {
    try {
      await destroy();
      if (!pglite.closed) await pglite.close();
    } finally {
      await onClose?.();
    }
  };
  client.destroy = (callback) => {
    closing ??= close();
    return callback ? closing.then(() => callback(), callback) : closing;
  };
  return knex;
}
