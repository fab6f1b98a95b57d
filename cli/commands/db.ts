import { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { dbOptions, describeDb, withDatabase, type DbFlags } from '../lib/database';
import { jsonOption } from '../lib/options';
import { confirm } from '../lib/confirm';
import { note, print, printJson } from '../lib/output';

const list = (names: string[]) => names.map((n) => `  ${n}`).join('\n');

/** What a rollback would undo, said before anything is undone. */
const rollbackWarning = (database: string, plan: string[], all: boolean) =>
  [
    `Rolling back ${database} undoes ${plan.length} migration(s) (${all ? 'every batch' : 'the last batch'}):`,
    list(plan),
    'Every table these migrations created is dropped, with all its rows.',
  ].join('\n');

export function dbCommand(ctx: Ctx): Command {
  const db = new Command('db').description(
    'database migrations (PGlite in DATA_DIR, or DATABASE_URL); the server must be stopped for PGlite',
  );

  db.addCommand(
    dbOptions(new Command('migrate'))
      .description('apply every pending migration')
      .addOption(jsonOption())
      .action(async (flags: DbFlags) => {
        const applied = await withDatabase(flags, (knex, m) => m.migrateLatest(knex), ctx.logger);
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
      .description(
        'undo the last batch of migrations, dropping the tables they made with their rows (the first start applies them all as one batch); asks first',
      )
      .option('--all', 'undo every migration')
      .option('-y, --yes', 'do not ask for confirmation')
      .addOption(jsonOption())
      .action(async (flags: DbFlags & { all?: boolean; yes?: boolean }) => {
        const all = flags.all === true;
        const undone = await withDatabase(
          flags,
          async (knex, m) => {
            const plan = await m.rollbackPlan(knex, all);
            if (!plan.length) return [];
            note(rollbackWarning(describeDb(flags), plan, all));
            await confirm(`Roll back ${plan.length} migration(s) and delete their data?`, {
              yes: flags.yes,
              untouched: 'nothing was rolled back',
            });
            return m.rollback(knex, all);
          },
          ctx.logger,
          { existing: true },
        );
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
        const status = await withDatabase(flags, (knex, m) => m.migrationStatus(knex), ctx.logger, {
          existing: true,
        });
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
