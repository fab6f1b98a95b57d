import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { INT8, parseInt8 } from './int8';

export { PGlite };

/** Options every PGlite we open shares: the trigram extension and the int8 parser. */
export function pgliteOptions() {
  return { extensions: { pg_trgm }, parsers: { [INT8]: parseInt8 } };
}

/**
 * Knex over an already open PGlite (single connection: always pass the transaction).
 * Destroying the knex closes the PGlite, then runs `onClose` (e.g. releasing a directory lock).
 */
const opened = new WeakMap<Knex, PGlite>();

/** The PGlite under a knex made by knexForPglite (null for one over a PostgreSQL server). */
export const pgliteOf = (knex: Knex): PGlite | null => opened.get(knex) ?? null;

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
  opened.set(knex, pglite);
  return knex;
}
