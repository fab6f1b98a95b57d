import type { Knex } from 'knex';
import pg from 'pg';
import { createPgKnex } from '@src/adapters/db/knex-factory';
import { migrateLatest } from '@src/adapters/db/migrations';
import { migrationsHash } from './db-schema';

let admin: pg.Pool | undefined;
let template: Promise<string> | undefined;
let counter = 0;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const baseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A new database copied from a migrated template (CREATE DATABASE ... TEMPLATE, ~40-140 ms).
 * The template is made once per process under an advisory lock, so parallel workers agree.
 */
export async function freshPgDatabase(
  url: string,
): Promise<{ knex: Knex; close(): Promise<void> }> {
  admin ??= new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
  template ??= ensureTemplate(url, admin);
  const source = await template;
  const name = `${baseName(url)}_t_${process.pid}_${++counter}`;
  await admin.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(source)}`);
  const knex = createPgKnex(withDatabase(url, name), { min: 0, max: 10 });
  return {
    knex,
    close: async () => {
      await knex.destroy();
      await admin!.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    },
  };
}

/** Ends the admin connections (a plain script calls this; vitest ends its workers anyway). */
export async function endPgAdmin(): Promise<void> {
  const pool = admin;
  admin = undefined;
  template = undefined;
  await pool?.end();
}

async function ensureTemplate(url: string, pool: pg.Pool): Promise<string> {
  const base = baseName(url);
  const name = `${base}_tpl_${migrationsHash()}`;
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('escrow-marketplace-test-template'))`);
    await dropLeftovers(client, base, name);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when complete, so a crash never leaves a
      // half-migrated template behind.
      const building = `${base}_build_${process.pid}`;
      await client.query(`CREATE DATABASE ${quote(building)}`);
      const knex = createPgKnex(withDatabase(url, building), { min: 0, max: 1 });
      try {
        await migrateLatest(knex);
      } finally {
        await knex.destroy();
      }
      await client.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`);
    }
    return name;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('escrow-marketplace-test-template'))`);
    client.release();
  }
}

/** Drops old templates, half-built ones and test databases of processes that are gone. */
async function dropLeftovers(client: pg.PoolClient, base: string, keep: string): Promise<void> {
  const old = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
    [`${base}\\_tpl\\_%`, keep],
  );
  for (const { datname } of old.rows) {
    // Another run may still copy from it; then it stays until a later run.
    await client.query(`DROP DATABASE IF EXISTS ${quote(datname)}`).catch(() => undefined);
  }
  const { rows } = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2',
    [`${base}\\_build\\_%`, `${base}\\_t\\_%`],
  );
  for (const { datname } of rows) {
    const pid = Number(/_(?:build|t)_(\d+)/.exec(datname.slice(base.length))?.[1]);
    if (Number.isInteger(pid) && !alive(pid)) {
      await client.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
