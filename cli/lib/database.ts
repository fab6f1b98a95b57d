import { existsSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type * as MigrationsModule from '@src/adapters/db/migrations';
import { startFailure } from '@src/start-failure';
import { CliError, UsageError } from './errors';

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

/** `--database-url` (DATABASE_URL) as `make start` takes it, said before anything is opened. */
function checkDatabaseUrl(flags: DbFlags): void {
  const url = flags.databaseUrl;
  // Blank is unset, as the server takes it: the embedded database.
  if (!url || (/^postgres(ql)?:\/\//.test(url) && URL.canParse(url))) return;
  throw new UsageError(
    `DATABASE_URL (or --database-url) must be a PostgreSQL URL like postgres://user@host:5432/name, not "${describeDb(flags)}"`,
  );
}

/**
 * A PostgreSQL server that does not answer, a database or login it does not have: the sentence
 * `make start` says (src/start-failure.ts), for opening the database instead of starting.
 * Undefined for anything else (a failed migration, a refusal to go on), which is passed on.
 */
export function databaseFailure(error: unknown, databaseUrl: string): string | undefined {
  if (error instanceof CliError) return undefined;
  const raw = (error as Error | undefined)?.message ?? String(error);
  const said = startFailure(error, {
    databaseUrl,
    // Nothing listens or writes files here: only the database's sentences can apply.
    port: -1,
    host: '',
    localChainPort: 0,
    dataDir: '\0',
    uploadDir: '\0',
  });
  if (said !== `Could not start: ${raw}`) {
    return said.replace(/^Could not start: /, 'Could not open the database: ');
  }
  // SQLSTATE class 28: the server answered, but not to this user or password.
  const { code } = error as { code?: string };
  if (typeof code === 'string' && code.startsWith('28')) {
    const db = new URL(databaseUrl);
    return `Could not open the database: PostgreSQL at ${db.hostname}:${db.port || 5432} refused the login in DATABASE_URL (${raw})`;
  }
  return undefined;
}

/**
 * Opens the database for one command and always closes it (releasing the PGlite lock). The
 * drivers load only here, so `--help` stays quick.
 */
export async function withDatabase<T>(
  flags: DbFlags,
  work: (knex: Knex, migrations: Migrations) => Promise<T>,
  /** Where the driver's own words go when a sentence replaces them. */
  logger?: Logger,
  /**
   * Only an embedded database that is there already (status, rollback): a mistyped DATA_DIR is
   * said, not answered by making an empty database in it.
   */
  opts: { existing?: boolean } = {},
) {
  checkDatabaseUrl(flags);
  const folder = path.resolve(flags.dataDir, 'pglite');
  if (opts.existing && !flags.databaseUrl && !existsSync(folder)) {
    throw new CliError(
      `No database in ${folder}: is DATA_DIR (--data-dir) the folder the server uses? ` +
        '(the server makes it at its first start; db migrate makes an empty one)',
    );
  }
  const { createKnex } = await import('@src/adapters/db/knex-factory');
  const { DatabaseLockedError } = await import('@src/adapters/db/dir-lock');
  const migrations = await import('@src/adapters/db/migrations');
  // PostgreSQL is first asked in `work` (knex connects on the first query): both are translated.
  const translated = (error: unknown) => {
    const said = flags.databaseUrl ? databaseFailure(error, flags.databaseUrl) : undefined;
    if (!said) return error;
    logger?.debug({ err: error, database: describeDb(flags) }, 'could not open the database');
    return new CliError(said);
  };
  let knex: Knex;
  try {
    knex = await createKnex({ databaseUrl: flags.databaseUrl, dataDir: flags.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new CliError(`${error.message}; stop the server that uses it first`);
    }
    throw translated(error);
  }
  try {
    return await work(knex, migrations);
  } catch (error) {
    throw translated(error);
  } finally {
    await knex.destroy();
  }
}
