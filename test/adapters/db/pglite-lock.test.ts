import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DatabaseLockedError } from '@src/adapters/db/dir-lock';
import { createKnex } from '@src/adapters/db/knex-factory';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'open-database.script.ts');

async function tempDataDir() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'pglite-lock-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  return path.join(root, 'missing', 'parents');
}

/** Opens the database in a separate Node process; resolves with its output and exit code. */
async function openInChild(dataDir: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, dataDir]);
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout.trim() };
  }
}

describe('createKnex on PGlite', () => {
  it('creates missing folders, locks the directory while open, and keeps the data', async () => {
    const dataDir = await tempDataDir();
    const dir = path.join(dataDir, 'pglite');
    const knex = await createKnex({ dataDir });
    let open = true;
    onTestFinished(async () => {
      if (open) await knex.destroy();
    });
    await knex.raw('CREATE TABLE kept (word text)');
    await knex('kept').insert({ word: 'still here' });

    const message = `The database in ${dir} is in use by another process`;
    const second = createKnex({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(message);
    expect(await openInChild(dataDir)).toEqual({ code: 3, out: message });
    await expect(second).rejects.toMatchObject({ holder: { pid: process.pid } });

    await knex.destroy();
    open = false;
    const again = await createKnex({ dataDir });
    try {
      expect(await again('kept').select('word')).toEqual([{ word: 'still here' }]);
    } finally {
      await again.destroy();
    }
  }, 180_000);

  it('takes over at once the lock of a process that was killed', async () => {
    const dataDir = await tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, 'hold']);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('opened')) resolve();
      });
      child.once('exit', () => reject(new Error('the holder exited before opening')));
    });
    await expect(createKnex({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    child.kill('SIGKILL');
    await exited;

    const started = Date.now();
    const knex = await createKnex({ dataDir });
    try {
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(await knex.raw('select 1 as one')).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await knex.destroy();
    }
  }, 180_000);
});
