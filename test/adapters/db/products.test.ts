import { describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '../../../src/domain/product';
import { translateDbError } from '../../../src/adapters/db/db-errors';
import { domainError, newProduct, setup } from './fixtures';

describe('KnexProductRepository', () => {
  it('creates a product with the defaults and reads it back in wire form', async () => {
    const { store, user } = await setup();
    const seller = await user();
    const created = await store.products.create({
      ...newProduct(seller.id),
      price: '12.5',
      location: 'Berlin',
      imageUrl: '["/uploads/a.jpg"]',
      requiresEmail: true,
      quantity: 3,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Vintage camera',
      description: 'A working film camera',
      price: '12.50',
      category: 'physical-items',
      condition: 'good',
      sellerId: seller.id,
      status: 'active',
      location: 'Berlin',
      imageUrl: '["/uploads/a.jpg"]',
      requiresAddress: false,
      requiresEmail: true,
      requiresName: false,
      quantity: 3,
      soldQuantity: 0,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(await store.products.findById(created.id)).toEqual(created);
    expect(await store.products.findById(created.id + 1000)).toBeNull();
  });

  it('updates only the fields in the patch; an unknown id gives null', async () => {
    const { store, product } = await setup();
    const p = await product({ quantity: 2 });
    const updated = await store.products.update(p.id, { name: 'Renamed', price: '99999999.99' });
    expect(updated).toEqual({ ...p, name: 'Renamed', price: '99999999.99' });
    expect(await store.products.update(p.id, {})).toEqual(updated);
    expect(await store.products.update(p.id + 1000, { name: 'x' })).toBeNull();
  });

  it('sets a status', async () => {
    const { store, product } = await setup();
    const p = await product();
    expect(await store.products.setStatus(p.id, 'deleted')).toMatchObject({ status: 'deleted' });
    expect(await store.products.setStatus(p.id + 1000, 'deleted')).toBeNull();
  });

  it('accepts every status, category and condition the domain knows', async () => {
    const { store, product } = await setup();
    for (const status of PRODUCT_STATUSES) await product({ status });
    for (const category of CATEGORIES) await product({ category });
    for (const condition of CONDITIONS) await product({ condition });
    const all = await store.products.list({ statuses: PRODUCT_STATUSES, limit: 100 });
    expect(all.items).toHaveLength(PRODUCT_STATUSES.length + CATEGORIES.length + CONDITIONS.length);
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

  it('refuses a price that does not fit numeric(10,2)', async () => {
    const { product } = await setup();
    await domainError(product({ price: '100000000.00' }), 'validation');
  });

  it('refuses sold_quantity above quantity or below 0, even written directly', async () => {
    const { store, knex, product } = await setup();
    const p = await product({ quantity: 2 });
    await knex('products').where({ id: p.id }).update({ sold_quantity: 2 });
    const error = await domainError(store.products.update(p.id, { quantity: 1 }), 'validation');
    expect(error.message).toBe('Quantity cannot be less than the number already sold');
    await expect(
      knex('products').where({ id: p.id }).update({ sold_quantity: 3 }),
    ).rejects.toThrow();
    await expect(
      knex('products').where({ id: p.id }).update({ sold_quantity: -1 }),
    ).rejects.toThrow();
  });

  it('refuses a product whose seller does not exist', async () => {
    const { store } = await setup();
    const error = await domainError(store.products.create(newProduct(4242)), 'not_found');
    expect(error.message).toBe('The referenced seller (user) does not exist');
  });

  it('deletes a product only while nothing references it', async () => {
    const { store, product, order, user } = await setup();
    const free = await product();
    expect(await store.products.deleteIfUnreferenced(free.id)).toBe(true);
    expect(await store.products.findById(free.id)).toBeNull();
    expect(await store.products.deleteIfUnreferenced(free.id)).toBe(false);

    const ordered = await order();
    expect(await store.products.deleteIfUnreferenced(ordered.productId)).toBe(false);
    expect(await store.products.findById(ordered.productId)).not.toBeNull();

    const paid = await product();
    await store.payments.record({
      signature: 'pay-1',
      payerWallet: (await user()).walletAddress,
      lamports: 1n,
      productId: paid.id,
      orderId: null,
      status: 'refund_due',
      reason: 'sold out',
    });
    expect(await store.products.deleteIfUnreferenced(paid.id)).toBe(false);
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
