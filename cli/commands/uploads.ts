import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { Ctx } from '../lib/context';
import { databaseFailure, describeDb } from '../lib/database';
import { CliError, UsageError } from '../lib/errors';
import { jsonOption } from '../lib/options';
import { note, print, printJson } from '../lib/output';

const STORES = ['fs', 'postgres'] as const;
type StoreName = (typeof STORES)[number];

interface MigrateFlags {
  from: StoreName;
  to: StoreName;
  uploadDir: string;
  databaseUrl?: string;
  json?: boolean;
}

/**
 * `marketplace uploads migrate --from fs --to postgres` (and back): copies every upload to the
 * other store under the same name, checked by reading it back; run it again after a stop and
 * it copies only what is missing. Servers may keep running meanwhile (new uploads land in the
 * store they use; run it once more after switching UPLOAD_STORE to pick up the last ones).
 */
export function uploadsCommand(ctx: Ctx): Command {
  const migrate = new Command('migrate')
    .description('copy every upload from one store to the other (idempotent; the source stays)')
    .addOption(
      new Option('--from <store>', 'where the uploads are').choices(STORES).makeOptionMandatory(),
    )
    .addOption(new Option('--to <store>', 'where they go').choices(STORES).makeOptionMandatory())
    .addOption(
      new Option('--upload-dir <dir>', 'the fs store').env('UPLOAD_DIR').default('./uploads'),
    )
    .addOption(
      new Option('--database-url <url>', 'the PostgreSQL server of the postgres store').env(
        'DATABASE_URL',
      ),
    )
    .addOption(jsonOption())
    .action(async (flags: MigrateFlags) => {
      if (flags.from === flags.to) throw new UsageError('--from and --to name the same store');
      if (!flags.databaseUrl) {
        throw new UsageError(
          'The postgres store needs DATABASE_URL (or --database-url) naming a PostgreSQL server',
        );
      }
      const dir = path.resolve(flags.uploadDir);
      if (flags.from === 'fs' && !existsSync(dir)) {
        throw new CliError(`No upload folder at ${dir} (UPLOAD_DIR or --upload-dir)`);
      }
      const { createPgKnex } = await import('@src/adapters/db/knex-factory');
      const { migrateLatest } = await import('@src/adapters/db/migrations');
      const { FsUploadStore } = await import('@src/adapters/uploads/fs-upload-store');
      const { PgUploadStore } = await import('@src/adapters/uploads/pg-upload-store');
      const { copyUploads } = await import('@src/adapters/uploads/copy-uploads');
      const knex = createPgKnex(flags.databaseUrl, { min: 0, max: 2 }, ctx.logger);
      try {
        await migrateLatest(knex).catch((error: unknown) => {
          // A server that does not answer, a database that does not exist: as db commands say it.
          const said = databaseFailure(error, flags.databaseUrl!);
          if (!said) throw error;
          ctx.logger.debug({ err: error }, 'the database could not be opened');
          throw new CliError(said);
        });
        const stores = { fs: new FsUploadStore({ dir }), postgres: new PgUploadStore(knex) };
        const where = { fs: dir, postgres: describeDb({ dataDir: '', ...flags }) };
        note(`Copying uploads from ${where[flags.from]} to ${where[flags.to]}…`);
        let shown = 0;
        const report = await copyUploads(stores[flags.from], stores[flags.to], (done, total) => {
          // A line every 5 % (and the last), on stderr: stdout stays clean for --json.
          if (done === total || done - shown >= Math.max(1, Math.ceil(total / 20))) {
            shown = done;
            note(`  ${done}/${total}`);
          }
        });
        ctx.logger.info({ ...report, failed: report.failed.length }, 'uploads copied');
        if (flags.json) printJson({ from: flags.from, to: flags.to, ...report });
        else {
          print(
            `${report.total} upload(s) in ${flags.from}: ${report.copied} copied to ${flags.to}, ` +
              `${report.present} there already, ${report.failed.length} failed`,
          );
          for (const f of report.failed) print(`  ${f.name}: ${f.error}`);
        }
        if (report.failed.length) {
          throw new CliError(
            `${report.failed.length} upload(s) were not copied; run it again`,
            1,
            flags.json === true,
          );
        }
      } finally {
        await knex.destroy();
      }
    });
  return new Command('uploads')
    .description('the upload store (UPLOAD_STORE): fs (UPLOAD_DIR) or postgres (DATABASE_URL)')
    .addCommand(migrate);
}
