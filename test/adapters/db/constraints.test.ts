import { describe, expect, it } from 'vitest';
import { translateDbError } from '@src/adapters/db/db-errors';
import { domainError } from '@test/support/domain-error';
import { setup } from './fixtures';

describe('the schema', () => {
  it('refuses sold_quantity above quantity or below 0, even written directly', async () => {
    const { knex, store, product } = await setup();
    const p = await product();
    await store.products.update(p.id, { quantity: 2 });
    await knex('products').where({ id: p.id }).update({ sold_quantity: 2 });
    await expect(
      knex('products').where({ id: p.id }).update({ sold_quantity: 3 }),
    ).rejects.toThrow();
    await expect(
      knex('products').where({ id: p.id }).update({ sold_quantity: -1 }),
    ).rejects.toThrow();
  });

  it('refuses a raw delete of a referenced product or user (RESTRICT): a conflict', async () => {
    const { knex, order } = await setup();
    const o = await order();
    for (const [table, id] of [
      ['products', o.productId],
      ['users', o.buyerId],
    ] as const) {
      const error: unknown = await knex(table)
        .where({ id })
        .delete()
        .catch((e: unknown) => e);
      // PostgreSQL 18 (PGlite) reports 23001 restrict_violation, PostgreSQL 15 23503.
      expect(['23001', '23503']).toContain((error as { code?: string }).code);
      const translated = await domainError(Promise.reject(translateDbError(error)), 'conflict');
      expect(translated.message).toBe('This record is still in use and cannot be removed');
    }
  });
});
