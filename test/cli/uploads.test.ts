import type { Knex } from 'knex';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsUploadStore } from '@src/adapters/uploads/fs-upload-store';
import { PgUploadStore } from '@src/adapters/uploads/pg-upload-store';
import { png, pdf, text } from '@test/adapters/uploads/fixtures';
import { freshPgDatabase } from '@test/support/db-postgres';
import { runCli, tempDir } from './support';

// The postgres store is for a PostgreSQL server (DATABASE_URL), as .ci/run provides.
const POSTGRES = process.env.DATABASE_URL;
const undo: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => undefined);
});

async function scratch() {
  const db = await freshPgDatabase(POSTGRES!);
  undo.push(() => db.close());
  const url = (db.knex.client.config.connection as { connectionString: string }).connectionString;
  const dir = await tempDir('mp-cli-uploads-');
  undo.push(() => rm(dir, { recursive: true, force: true }));
  return { db, url, dir };
}

const count = async (db: { knex: Knex }) =>
  Number(
    ((await db.knex.raw('SELECT count(*) AS n FROM upload_files')).rows[0] as { n: string }).n,
  );

describe.skipIf(!POSTGRES)('uploads migrate', { timeout: 120_000 }, () => {
  it('moves every upload from the folder to PostgreSQL and back, once however often it runs', async () => {
    const { db, url, dir } = await scratch();
    const folder = new FsUploadStore({ dir: path.join(dir, 'from') });
    const images = ['image/png'];
    const saved = [
      await folder.save(png(), { kind: 'image', allowed: images, maxBytes: 1000 }),
      await folder.save(png(), { kind: 'image', allowed: images, maxBytes: 1000 }),
      await folder.save(pdf(), { kind: 'proof', allowed: ['application/pdf'], maxBytes: 10_000 }),
      await folder.save(text('shipped\n'), {
        kind: 'proof',
        allowed: ['text/plain'],
        maxBytes: 99,
      }),
    ];
    const migrate = (from: string, to: string, uploadDir: string) =>
      runCli(['uploads', 'migrate', '--from', from, '--to', to, '--json'], {
        env: { DATABASE_URL: url, UPLOAD_DIR: uploadDir },
      });

    const first = await migrate('fs', 'postgres', folder.dir);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      from: 'fs',
      to: 'postgres',
      total: 4,
      copied: 4,
      present: 0,
      failed: [],
    });
    expect(first.stderr).toContain('4/4');
    const again = await migrate('fs', 'postgres', folder.dir);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: 4, copied: 0, present: 4 });
    expect(await count(db)).toBe(4);
    const shared = new PgUploadStore(db.knex);
    for (const file of saved) {
      expect(await shared.readBytes(file.name)).toEqual(
        new Uint8Array(await readFile(path.join(folder.dir, file.name))),
      );
    }

    const back = path.join(dir, 'back');
    const returned = await migrate('postgres', 'fs', back);
    expect(JSON.parse(returned.stdout)).toMatchObject({ total: 4, copied: 4, present: 0 });
    for (const file of saved) {
      expect(await readFile(path.join(back, file.name))).toEqual(
        await readFile(path.join(folder.dir, file.name)),
      );
    }
  });

  it('finishes a run that was killed half way without writing anything twice', async () => {
    const { db, url, dir } = await scratch();
    const folder = new FsUploadStore({ dir });
    for (let i = 0; i < 6; i++) {
      await folder.save(text(`note ${i}\n`), {
        kind: 'proof',
        allowed: ['text/plain'],
        maxBytes: 99,
      });
    }
    const env = { DATABASE_URL: url, UPLOAD_DIR: dir };
    const args = ['uploads', 'migrate', '--from', 'fs', '--to', 'postgres'];
    const killed = await runCli(args, { env, killOn: / 3\/6/ });
    expect(killed.signal).toBe('SIGKILL');
    const partial = await count(db);
    expect(partial).toBeGreaterThanOrEqual(3);
    const rest = await runCli([...args, '--json'], { env });
    const report = JSON.parse(rest.stdout);
    expect(report).toMatchObject({ total: 6, present: partial, copied: 6 - partial });
    expect(await count(db)).toBe(6);
  });

  it('reports an upload it could not copy inside its one --json answer, exiting 1', async () => {
    const { url, dir, db } = await scratch();
    const folder = new FsUploadStore({ dir });
    const file = await folder.save(text('mine\n'), {
      kind: 'proof',
      allowed: ['text/plain'],
      maxBytes: 99,
    });
    // The target holds other bytes under that name: the copy would not read back the same.
    await new PgUploadStore(db.knex).put(file.name, text('theirs\n'));
    const run = await runCli(['uploads', 'migrate', '--from', 'fs', '--to', 'postgres', '--json'], {
      env: { DATABASE_URL: url, UPLOAD_DIR: dir },
    });
    expect(run.code).toBe(1);
    const answer = JSON.parse(run.stdout); // one document, not the report and then an error
    expect(answer).toMatchObject({ total: 1, copied: 0, failed: [{ name: file.name }] });
    expect(run.stderr).toContain('Error: 1 upload(s) were not copied; run it again');
  });

  it('refuses the postgres store without a PostgreSQL server', async () => {
    const dir = await tempDir('mp-cli-uploads-');
    undo.push(() => rm(dir, { recursive: true, force: true }));
    const res = await runCli(['uploads', 'migrate', '--from', 'fs', '--to', 'postgres'], {
      env: { DATABASE_URL: '', UPLOAD_DIR: dir },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('The postgres store needs DATABASE_URL');
  });
});
