import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Short hash of the migration files and the PGlite version: names a template database. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = path.join(root, 'migrations');
  for (const name of readdirSync(dir).sort()) {
    hash.update(name).update(readFileSync(path.join(dir, name)));
  }
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update((JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 12);
}

/** Tables children first, and the sequences behind their serial ids. */
const TABLES = [
  'chain_signatures',
  'payments',
  'orders',
  'products',
  'sessions',
  'sign_in_nonces',
  'users',
  'rate_limits',
  'upload_files',
  'upload_blobs',
];
const SEQUENCES = ['orders_id_seq', 'payments_id_seq', 'products_id_seq', 'users_id_seq'];

/**
 * Empties every table and restarts the ids at 1. DELETE rather than TRUNCATE: on PGlite a
 * TRUNCATE of these tables takes 150-800 ms, this a few ms on small tables. One statement.
 */
export async function truncateAll(knex: Knex): Promise<void> {
  const deletes = TABLES.map((t) => `DELETE FROM ${t};`).join(' ');
  const restarts = SEQUENCES.map((s) => `PERFORM setval('${s}', 1, false);`).join(' ');
  await knex.raw(`DO $$ BEGIN ${deletes} ${restarts} END $$`);
}
