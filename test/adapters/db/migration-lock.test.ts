import { afterAll, describe, expect, it } from 'vitest';
import { createPgKnex } from '@src/adapters/db/knex-factory';
import { MIGRATIONS, migrateLatest } from '@src/adapters/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '@test/e2e/lib/postgres-db';

// Several server processes starting together on one empty PostgreSQL database (a cluster's
// first start): one migrates, the others wait for it and find nothing to do.
const POSTGRES = process.env.DATABASE_URL;
const undo: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of undo.reverse()) await step().catch(() => undefined);
});

describe.skipIf(!POSTGRES)('migrations started together on one PostgreSQL database', () => {
  it('run once: every name applied by exactly one of them, in one batch', async () => {
    const db: ScratchDatabase = await createScratchDatabase(POSTGRES);
    undo.push(() => db.drop());
    // Each with a pool of one, as tight as it gets: the lock holds a connection of its own.
    const knexes = [1, 2, 3, 4].map(() => createPgKnex(db.url, { min: 0, max: 1 }));
    undo.push(() => Promise.all(knexes.map((k) => k.destroy())));
    const applied = await Promise.all(knexes.map((knex) => migrateLatest(knex)));
    expect(applied.flat().sort()).toEqual(MIGRATIONS.map(([name]) => name).sort());
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    const rows = await knexes[0]!('knex_migrations').select('name', 'batch').orderBy('id');
    expect(rows).toEqual(MIGRATIONS.map(([name]) => ({ name, batch: 1 })));
  });
});
