import { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { dbOptions, describeDb, withDatabase, type DbFlags } from '../lib/database';
import { jsonOption } from '../lib/options';
import { print, printJson } from '../lib/output';

const list = (names: string[]) => names.map((n) => `  ${n}`).join('\n');

export function dbCommand(ctx: Ctx): Command {
  const db = new Command('db').description(
    'database migrations (PGlite in DATA_DIR, or DATABASE_URL); the server must be stopped for PGlite',
  );

  db.addCommand(
    dbOptions(new Command('migrate'))
      .description('apply every pending migration')
      .addOption(jsonOption())
      .action(async (flags: DbFlags) => {
        const applied = await withDatabase(flags, (knex, m) => m.migrateLatest(knex));
        ctx.logger.info({ applied }, 'migrated');
        if (flags.json) return printJson({ database: describeDb(flags), applied });
        print(
          applied.length
            ? `Applied ${applied.length} migration(s) to ${describeDb(flags)}:\n${list(applied)}`
            : `Already up to date: ${describeDb(flags)}`,
        );
      }),
  );

  db.addCommand(
    dbOptions(new Command('rollback'))
      .description('undo the last batch of migrations')
      .option('--all', 'undo every migration')
      .addOption(jsonOption())
      .action(async (flags: DbFlags & { all?: boolean }) => {
        const undone = await withDatabase(flags, (knex, m) => m.rollback(knex, flags.all === true));
        if (flags.json) return printJson({ database: describeDb(flags), rolledBack: undone });
        print(
          undone.length
            ? `Rolled back ${undone.length} migration(s):\n${list(undone)}`
            : 'Nothing to roll back',
        );
      }),
  );

  db.addCommand(
    dbOptions(new Command('status'))
      .description('list applied and pending migrations')
      .addOption(jsonOption())
      .action(async (flags: DbFlags) => {
        const status = await withDatabase(flags, (knex, m) => m.migrationStatus(knex));
        if (flags.json) return printJson({ database: describeDb(flags), ...status });
        print(`Database: ${describeDb(flags)}`);
        print(
          `Applied (${status.applied.length}):${status.applied.length ? `\n${list(status.applied)}` : ' none'}`,
        );
        print(
          `Pending (${status.pending.length}):${status.pending.length ? `\n${list(status.pending)}` : ' none'}`,
        );
      }),
  );
  return db;
}
