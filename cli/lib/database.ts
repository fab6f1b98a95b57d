import path from 'node:path';
import { Option, type Command } from 'commander';
import type { Knex } from 'knex';
import type * as MigrationsModule from '@src/adapters/db/migrations';
import { CliError } from './errors';

export interface DbFlags {
  dataDir: string;
  databaseUrl?: string;
  json?: boolean;
}

/** `--database-url` (DATABASE_URL) or the embedded PGlite in `--data-dir` (DATA_DIR). */
export function dbOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('--data-dir <dir>', 'embedded database in <dir>/pglite')
        .env('DATA_DIR')
        .default('./data'),
    )
    .addOption(
      new Option('--database-url <url>', 'PostgreSQL server (instead of PGlite)').env(
        'DATABASE_URL',
      ),
    );
}

export const describeDb = (flags: DbFlags) =>
  flags.databaseUrl
    ? flags.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')
    : path.resolve(flags.dataDir, 'pglite');

type Migrations = typeof MigrationsModule;

/**
 * Opens the database for one command and always closes it (releasing the PGlite lock). The
 * drivers load only here, so `--help` stays quick.
 */
export async function withDatabase<T>(
  flags: DbFlags,
  work: (knex: Knex, migrations: Migrations) => Promise<T>,
) {
  const { createKnex } = await import('@src/adapters/db/knex-factory');
  const { DatabaseLockedError } = await import('@src/adapters/db/dir-lock');
  const migrations = await import('@src/adapters/db/migrations');
  let knex: Knex;
  try {
    knex = await createKnex({ databaseUrl: flags.databaseUrl, dataDir: flags.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new CliError(`${error.message}; stop the server that uses it first`);
    }
    throw error;
  }
  try {
    return await work(knex, migrations);
  } finally {
    await knex.destroy();
  }
}
