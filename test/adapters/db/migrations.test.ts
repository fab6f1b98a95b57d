import { describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  migrationConfig,
  migrateLatest,
  migrationStatus,
  rollback,
} from '@src/adapters/db/migrations';
import { setup } from './fixtures';

const TABLES = [
  'users',
  'products',
  'orders',
  'sessions',
  'sign_in_nonces',
  'payments',
  'chain_signatures',
  'rate_limits',
];
const names = MIGRATIONS.map(([name]) => name);

async function existingTables(knex: Awaited<ReturnType<typeof setup>>['knex']) {
  const { rows } = await knex.raw<{ rows: { table_name: string }[] }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_name = ANY(?)`,
    [TABLES],
  );
  return rows.map((r) => r.table_name).sort();
}

describe('migrations', () => {
  it('go up, down and up again', async () => {
    const { knex, store } = await setup();
    expect(await migrationStatus(knex)).toEqual({ applied: names, pending: [] });
    expect(await migrateLatest(knex)).toEqual([]);

    expect(await rollback(knex)).toEqual([...names].reverse());
    expect(await migrationStatus(knex)).toEqual({ applied: [], pending: names });
    expect(await existingTables(knex)).toEqual([]);

    expect(await migrateLatest(knex)).toEqual(names);
    expect(await existingTables(knex)).toEqual([...TABLES].sort());
    await store.users.create({ walletAddress: 'after-up-down-up', username: '' });
  });

  it('roll back one migration at a time', async () => {
    const { knex } = await setup();
    for (let i = names.length - 1; i >= 0; i--) {
      await knex.migrate.down(migrationConfig);
      expect((await migrationStatus(knex)).applied).toEqual(names.slice(0, i));
    }
    await migrateLatest(knex);
    expect((await migrationStatus(knex)).applied).toEqual(names);
  });

  it('index search (trigram on lower(name), lower(description)) and newest-first paging', async () => {
    const { knex } = await setup();
    const { rows } = await knex.raw<{ rows: { indexname: string; indexdef: string }[] }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('products', 'orders')`,
    );
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.products_name_trgm_idx).toMatch(/gin \(lower\(name\) gin_trgm_ops\)/);
    expect(defs.products_description_trgm_idx).toMatch(/gin \(lower\(description\) gin_trgm_ops\)/);
    expect(defs.products_newest_idx).toMatch(/\(created_at DESC, id DESC\)/);
    expect(defs.orders_buyer_newest_idx).toMatch(/\(buyer_id, created_at DESC, id DESC\)/);
    expect(defs.orders_seller_newest_idx).toMatch(/\(seller_id, created_at DESC, id DESC\)/);
    expect(defs.orders_status_newest_idx).toMatch(/\(status, created_at DESC, id DESC\)/);

    // The repository's search predicate can use the trigram indexes.
    const plan = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const result = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `EXPLAIN SELECT * FROM products
         WHERE lower(name) LIKE lower(?) OR lower(description) LIKE lower(?)`,
        ['%camera%', '%camera%'],
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_name_trgm_idx');
    expect(plan).toContain('products_description_trgm_idx');
  });

  it('migration 14 dates a payment refunded before it by its refund’s claimed signature', async () => {
    const { knex } = await setup();
    const at = names.indexOf('20250101000014_payment_refunded_at.ts');
    while ((await migrationStatus(knex)).applied.length > at) {
      await knex.migrate.down(migrationConfig);
    }
    await knex.raw(
      `INSERT INTO chain_signatures (signature, purpose, created_at)
       VALUES ('refund-1', 'refund', '2025-01-02T03:04:05Z'), ('pay-1', 'payment', now()),
              ('pay-2', 'payment', now())`,
    );
    await knex.raw(
      `INSERT INTO payments (signature, payer_wallet, lamports, status, refund_signature)
       VALUES ('pay-1', 'w', 5, 'refunded', 'refund-1'), ('pay-2', 'w', 5, 'refund_due', null)`,
    );
    await migrateLatest(knex);
    const { rows } = await knex.raw<{ rows: { signature: string; refunded_at: Date | null }[] }>(
      'SELECT signature, refunded_at FROM payments ORDER BY signature',
    );
    expect(rows.map((r) => [r.signature, r.refunded_at?.toISOString() ?? null])).toEqual([
      ['pay-1', '2025-01-02T03:04:05.000Z'],
      ['pay-2', null],
    ]);
  });
});
