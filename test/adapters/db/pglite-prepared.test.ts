import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@src/adapters/db/knex-factory';
import { PGlite, pgliteOptions } from '@src/adapters/db/pglite-knex';
import { withNamedStatements } from '@src/adapters/db/pglite-prepared';

// A named statement on PGlite answers what PGlite's own query answers, parsed once.

let pglite: PGlite;
let query: ReturnType<typeof withNamedStatements>;

beforeAll(async () => {
  pglite = await PGlite.create({ ...pgliteOptions() });
  await pglite.exec(`
    CREATE TABLE items (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      price numeric(18, 9) NOT NULL,
      big int8,
      flag boolean NOT NULL DEFAULT false,
      meta json,
      at timestamptz NOT NULL DEFAULT now()
    );`);
  query = withNamedStatements(pglite);
});
afterAll(() => pglite.close());

const INSERT =
  'INSERT INTO items (name, price, big, flag, meta, at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *';
const prepared = async () =>
  (
    await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
  ).rows.map((r) => r.name);

describe('named statements on PGlite', () => {
  it('writes values by the parameters’ types and reads rows as query does', async () => {
    const at = new Date('2026-11-24T05:06:07.123Z');
    const values = ['a', '0.123456789', 9007199254740993n, true, { k: ['v'] }, at];
    const named = await query(INSERT, values, { name: 'insert_item' });
    const plain = await pglite.query(INSERT, ['b', ...values.slice(1)]);
    expect(named.rows[0]).toEqual({ ...(plain.rows[0] as object), id: 1, name: 'a' });
    expect(named.rows[0]).toMatchObject({
      big: 9007199254740993n,
      flag: true,
      meta: { k: ['v'] },
      at,
    });
    expect(named.fields).toEqual(plain.fields);
    expect(named.affectedRows).toBe(1);
    expect(
      await query('SELECT * FROM items WHERE big IS NULL', [], { name: 'none' }),
    ).toMatchObject({ rows: [] });
    const nulls = await query(INSERT, ['c', '1', null, false, null, at], { name: 'insert_item' });
    expect(nulls.rows[0]).toMatchObject({ big: null, meta: null });
  });

  it('prepares a statement once and only binds it afterwards', async () => {
    const read = 'SELECT name FROM items WHERE id = $1';
    for (const id of [1, 2, 3]) await query(read, [id], { name: 'item_by_id' });
    expect((await query(read, [2], { name: 'item_by_id' })).rows).toEqual([{ name: 'b' }]);
    expect(await prepared()).toEqual(['insert_item', 'item_by_id', 'none']);
  });

  it('refuses a name already given to other SQL, as node-postgres does', async () => {
    await expect(query('SELECT 2', [], { name: 'item_by_id' })).rejects.toThrow(
      /already prepared with other SQL/,
    );
  });

  it('answers a failed statement with the database’s error and stays usable', async () => {
    const at = new Date();
    const error = await query(INSERT, ['a', '1', null, false, null, at], { name: 'insert_item' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key' });
    expect(
      (await query('SELECT count(*)::int AS n FROM items', [], { name: 'count' })).rows,
    ).toEqual([{ n: 3 }]);
  });

  it('takes its turn with the queries without a name (one statement at a time)', async () => {
    const runs = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? query('SELECT $1::int AS n', [i], { name: 'echo' })
        : query('SELECT $1::int AS n', [i]),
    );
    expect((await Promise.all(runs)).map((r) => (r.rows[0] as { n: number }).n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });
});

describe('named statements through knex, in a transaction and on PGlite’s own thread', () => {
  let root: string;
  let knex: Knex;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pglite-prepared-'));
    knex = await createKnex({ dataDir: root, thread: true });
    await knex.raw('CREATE TABLE t (id int PRIMARY KEY)');
  }, 60_000);
  afterAll(async () => {
    await knex.destroy();
    await rm(root, { recursive: true, force: true });
  });

  const insert = (db: Knex | Knex.Transaction, id: number) =>
    db.raw('INSERT INTO t (id) VALUES (?) RETURNING id', [id]).options({ name: 'insert_t' });

  it('keeps what a committed transaction wrote and drops a failed one whole', async () => {
    await knex.transaction(async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2);
    });
    const failed = knex.transaction(async (tx) => {
      await insert(tx, 3);
      await insert(tx, 1);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await knex.raw('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    const names = await knex.raw('SELECT name FROM pg_prepared_statements');
    expect(names.rows).toEqual([{ name: 'insert_t' }]);
  });
});
