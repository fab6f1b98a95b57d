import type { Knex } from 'knex';
import pg from 'pg';
import * as core from '../../../migrations/20250101000001_core';
import * as auth from '../../../migrations/20250101000002_auth';
import * as ledger from '../../../migrations/20250101000003_ledger';
import * as rateLimits from '../../../migrations/20250101000004_rate_limits';
import * as protection from '../../../migrations/20250101000005_protection';
import * as reputation from '../../../migrations/20250101000007_reputation_events';
import * as chainHistory from '../../../migrations/20250101000008_chain_history';
import * as sharedUploads from '../../../migrations/20250101000009_shared_uploads';
import * as escrowAccounts from '../../../migrations/20250101000010_escrow_accounts';
import * as catalogueSearch from '../../../migrations/20250101000011_catalogue_search';
import * as wireImageField from '../../../migrations/20250101000012_wire_image_field';
import * as refundReservations from '../../../migrations/20250101000013_payment_refund_reservations';
import * as refundedAt from '../../../migrations/20250101000014_payment_refunded_at';
import * as listingAsSold from '../../../migrations/20250101000015_order_listing_as_sold';
import * as imageFieldSpaces from '../../../migrations/20250101000016_wire_image_field_spaces';
import * as messageFileNames from '../../../migrations/20250101000017_message_file_names';
import * as chainOutgoing from '../../../migrations/20250101000018_chain_outgoing';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order, under the file names knex records. knex's own loader `require`s
 * the files, which fails under vitest and ESM; this explicit list works everywhere.
 * Add a new migration file here too.
 */
export const MIGRATIONS: readonly (readonly [string, Migration])[] = [
  ['20250101000001_core.ts', core],
  ['20250101000002_auth.ts', auth],
  ['20250101000003_ledger.ts', ledger],
  ['20250101000004_rate_limits.ts', rateLimits],
  ['20250101000005_protection.ts', protection],
  ['20250101000007_reputation_events.ts', reputation],
  ['20250101000008_chain_history.ts', chainHistory],
  ['20250101000009_shared_uploads.ts', sharedUploads],
  ['20250101000010_escrow_accounts.ts', escrowAccounts],
  ['20250101000011_catalogue_search.ts', catalogueSearch],
  ['20250101000012_wire_image_field.ts', wireImageField],
  ['20250101000013_payment_refund_reservations.ts', refundReservations],
  ['20250101000014_payment_refunded_at.ts', refundedAt],
  ['20250101000015_order_listing_as_sold.ts', listingAsSold],
  ['20250101000016_wire_image_field_spaces.ts', imageFieldSpaces],
  ['20250101000017_message_file_names.ts', messageFileNames],
  ['20250101000018_chain_outgoing.ts', chainOutgoing],
];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource };

/**
 * Applies every pending migration; returns the names applied (none in a process that found
 * another one had applied them). On a PostgreSQL server, several processes may start together
 * on one database: a session advisory lock, held on a connection of its own while the run lasts,
 * lets one migrate while the others wait and then find nothing pending. (knex's own lock table
 * refuses the second process instead of making it wait, and two processes creating knex's
 * tables at once collide.) PGlite belongs to one process, so it needs no lock.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  return withMigrationLock(knex, async () => {
    const [, applied] = (await knex.migrate.latest(migrationConfig)) as [number, string[]];
    return applied;
  });
}

/** Any constant shared by every process of this product; hashtext() of the name picks one. */
const MIGRATION_LOCK = `SELECT pg_advisory_lock(hashtext('escrow-marketplace:migrations'))`;

async function withMigrationLock<T>(knex: Knex, run: () => Promise<T>): Promise<T> {
  const connection = (knex.client.config as { connection?: { connectionString?: unknown } })
    .connection;
  const connectionString = connection?.connectionString;
  if (typeof connectionString !== 'string') return run();
  const holder = new pg.Client({ connectionString });
  await holder.connect();
  try {
    // Ending the session releases the lock, also when this process dies mid-run.
    await holder.query(MIGRATION_LOCK);
    return await run();
  } finally {
    await holder.end().catch(() => undefined);
  }
}

/**
 * What `rollback` would undo, newest first, without undoing it: the last batch (or every batch
 * with `all`), as knex records them in its `knex_migrations` table.
 */
export async function rollbackPlan(knex: Knex, all = false): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const applied = knex('knex_migrations').select<{ name: string }[]>('name').orderBy('id', 'desc');
  if (!all) applied.where('batch', knex('knex_migrations').max('batch'));
  return (await applied).map((row) => row.name);
}

/** Rolls back the last batch (or every batch with `all`); returns the names rolled back. */
export async function rollback(knex: Knex, all = false): Promise<string[]> {
  const [, undone] = (await knex.migrate.rollback(migrationConfig, all)) as [number, string[]];
  return undone;
}

/** Names of applied and pending migrations. */
export async function migrationStatus(
  knex: Knex,
): Promise<{ applied: string[]; pending: string[] }> {
  const [completed, pending] = (await knex.migrate.list(migrationConfig)) as [
    { name: string }[],
    string[],
  ];
  return { applied: completed.map((m) => m.name), pending };
}
