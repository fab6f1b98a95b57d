import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import lockfile from 'proper-lockfile';
import { knexForPglite, pgliteOptions } from '@src/adapters/db/pglite-knex';
import { MIGRATIONS, migrateLatest } from '@src/adapters/db/migrations';
import { migrationsHash, truncateAll } from './db-schema';

const cacheDir = path.join(os.tmpdir(), 'escrow-marketplace-db-templates');
const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

interface Template {
  image: Blob;
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let template: Promise<Template> | undefined;
/** Databases handed back by close(), emptied, for the next freshPgliteKnex in this file. */
const idle: Knex[] = [];

/**
 * An in-memory PGlite loaded from a migrated template image (1-3 s, against 3-7 s for initdb
 * plus migrations). The image is built once under a lock, so parallel vitest workers build it
 * once between them, and kept in the OS temp folder keyed by the migrations' hash. A closed
 * database that is still healthy is emptied (TRUNCATE, ~10 ms) and reused by the next call.
 */
export async function freshPgliteKnex(): Promise<{ knex: Knex; close(): Promise<void> }> {
  const knex = idle.pop() ?? (await openFromTemplate());
  return { knex, close: () => recycle(knex) };
}

/**
 * Closes the parked databases. Vitest ends its workers anyway; a plain script calls this,
 * since an open PGlite loaded from an image keeps a timer that holds the process.
 */
export async function closeIdlePglite(): Promise<void> {
  await Promise.all(idle.splice(0).map((knex) => knex.destroy()));
}

async function openFromTemplate(): Promise<Knex> {
  template ??= loadTemplate();
  const { image, ...wasm } = await template;
  const pglite = await PGlite.create({ loadDataDir: image, ...wasm, ...pgliteOptions() });
  return knexForPglite(pglite);
}

async function recycle(knex: Knex): Promise<void> {
  try {
    if (!knex.client.pool) return; // the test destroyed it itself
    const [{ count }] = (await knex('knex_migrations').count({ count: '*' })) as [
      { count: bigint },
    ];
    if (Number(count) !== MIGRATIONS.length) throw new Error('schema changed');
    await truncateAll(knex);
    idle.push(knex);
  } catch {
    await knex.destroy();
  }
}

async function loadTemplate(): Promise<Template> {
  const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
  await mkdir(cacheDir, { recursive: true });
  if (!(await exists(file))) {
    const release = await lockfile.lock(cacheDir, {
      lockfilePath: `${file}.lock`,
      stale: 60_000,
      retries: { retries: 600, minTimeout: 100, maxTimeout: 200 },
    });
    try {
      if (!(await exists(file))) await buildTemplate(file);
    } finally {
      await release();
    }
  }
  const [image, wasm, fsBundle] = await Promise.all([
    readFile(file),
    readFile(path.join(pgliteDist, 'pglite.wasm')),
    readFile(path.join(pgliteDist, 'pglite.data')),
  ]);
  return {
    image: new Blob([image]),
    pgliteWasmModule: await WebAssembly.compile(wasm),
    fsBundle: new Blob([fsBundle]),
  };
}

async function buildTemplate(file: string): Promise<void> {
  const pglite = await PGlite.create({ ...pgliteOptions() });
  const knex = knexForPglite(pglite);
  try {
    await migrateLatest(knex);
    const image = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
    await rename(partial, file);
    // Images of older migrations are of no further use.
    for (const name of await readdir(cacheDir)) {
      const old = path.join(cacheDir, name);
      if (name.endsWith('.tar') && old !== file) await unlink(old).catch(() => undefined);
    }
  } finally {
    await knex.destroy();
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
