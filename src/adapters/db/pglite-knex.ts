import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import type { PGliteThread } from './pglite-thread';
import { withNamedStatements } from './pglite-prepared';

export { PGlite };
export { pgliteOptions } from './pglite-options';

/** PGlite in this thread, or on its own (PGliteThread): the same calls either way. */
export type AnyPGlite = PGlite | PGliteThread;

/**
 * Knex over an already open PGlite (single connection: always pass the transaction).
 * Destroying the knex closes the PGlite, then runs `onClose` (e.g. releasing a directory lock).
 */
const opened = new WeakMap<Knex, AnyPGlite>();

/** The PGlite under a knex made by knexForPglite (null for one over a PostgreSQL server). */
export const pgliteOf = (knex: Knex): AnyPGlite | null => opened.get(knex) ?? null;

export function knexForPglite(pglite: AnyPGlite, onClose?: () => Promise<void>): Knex {
  // knex-pglite asks its connection for waitReady, query and close. A PGlite in this thread
  // answers named statements as its thread does (the thread's worker does it there).
  const driver = pglite instanceof PGlite ? inThread(pglite) : pglite;
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    // knex-pglite calls this more than once: always hand back the same instance.
    connection: (() => ({ pglite: driver })) as unknown as Knex.StaticConnectionConfig,
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

function inThread(pglite: PGlite) {
  const query = withNamedStatements(pglite);
  return {
    get waitReady() {
      return pglite.waitReady;
    },
    get closed() {
      return pglite.closed;
    },
    query,
    close: () => pglite.close(),
  };
}
