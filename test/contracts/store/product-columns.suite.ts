import { describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '@src/domain/product';
import { domainError } from '@test/support/domain-error';
import { setupFor, type StoreKind } from './store-under-test';

/** What the products table's columns take: types, checks, and what PostgreSQL cannot store. */
export function productColumnsContract(kind: StoreKind) {
  const setup = setupFor(kind);

  describe(`ProductRepository columns (${kind.name})`, () => {
    it('accepts every status, category and condition the domain knows', async () => {
      const { store, product } = await setup();
      for (const status of PRODUCT_STATUSES) await product({ status });
      for (const category of CATEGORIES) await product({ category });
      for (const condition of CONDITIONS) await product({ condition });
      const all = await store.products.list({ statuses: PRODUCT_STATUSES, limit: 100 });
      expect(all.items).toHaveLength(
        PRODUCT_STATUSES.length + CATEGORIES.length + CONDITIONS.length,
      );
    });

    it.each([
      ['an unknown status', { status: 'gone' }, 'Unknown product status'],
      ['an unknown category', { category: 'weapons' }, 'Unknown category'],
      ['an unknown condition', { condition: 'broken' }, 'Unknown condition'],
      ['quantity 0', { quantity: 0 }, 'Quantity must be at least 1'],
      ['price 0', { price: '0.00' }, 'Price must be greater than 0'],
      ['a negative price', { price: '-1.00' }, 'Price must be greater than 0'],
      ['a blank name', { name: ' ' }, 'Product name is required'],
      ['a blank description', { description: '' }, 'Description is required'],
    ])('refuses %s (CHECK constraint)', async (_label, overrides, message) => {
      const { product } = await setup();
      const error = await domainError(product(overrides as never), 'validation');
      expect(error.message).toBe(message);
    });

    it('refuses text holding a NUL character, which PostgreSQL cannot store, as a validation error', async () => {
      const { store, product } = await setup();
      await domainError(product({ name: 'a\u0000b' }), 'validation');
      await domainError(store.users.findByWallet('a\u0000'), 'validation');
      await domainError(
        store.products.list({ statuses: ['active'], limit: 5, search: '\u0000' }),
        'validation',
      );
      const p = await product({ images: ['/uploads/a\u0000.jpg'] });
      expect(p.images).toEqual(['/uploads/a\u0000.jpg']);
    });

    it('refuses a value of the wrong form even when no row matches', async () => {
      const { store } = await setup();
      await domainError(store.products.update(999, { price: 'abc' }), 'validation');
      await domainError(store.products.update(999, { price: '1000000000' }), 'validation');
      await domainError(store.products.findById(1.5), 'validation');
      await domainError(store.users.findById(2 ** 31), 'validation');
    });

    it('reads a price as numeric(10,2) does: rounded to two places', async () => {
      const { product } = await setup();
      expect((await product({ price: '12.345' })).price).toBe('12.35');
      expect((await product({ price: ' 7.1 ' })).price).toBe('7.10');
      expect((await product({ price: '1e2' })).price).toBe('100.00');
    });

    it('refuses a price that does not fit numeric(10,2)', async () => {
      const { product } = await setup();
      await domainError(product({ price: '100000000.00' }), 'validation');
    });
  });
}
