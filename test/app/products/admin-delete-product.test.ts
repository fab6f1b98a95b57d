import { describe, expect, it } from 'vitest';
import { adminDeleteProduct } from '@src/app/products/admin-delete-product';
import { ADMIN, appWorld } from '@test/support/app-world';
import { domainError } from '@test/support/domain-error';

async function setup() {
  const world = appWorld();
  const sale = await world.sale({ quantity: 2 });
  return { ...world, ...sale, adminDelete: adminDeleteProduct(world.deps) };
}

describe('adminDeleteProduct', () => {
  it('marks a product deleted, even one with orders, and logs it', async () => {
    const w = await setup();
    const deleted = await w.adminDelete(w.admin, ADMIN, w.product.id);
    expect(deleted).toMatchObject({ id: w.product.id, status: 'deleted' });
    expect(await w.store.products.findById(w.product.id)).toEqual(deleted);
    expect(w.logger.messages('info')).toContain('product marked deleted by admin');
  });

  it('refuses anyone who is not an admin, and an admin wallet claimed by another session', async () => {
    const w = await setup();
    const before = w.contents();
    const notAdmin = await domainError(
      w.adminDelete(w.seller, w.seller.walletAddress, w.product.id),
      'forbidden',
    );
    expect(notAdmin.message).toBe('Admin privileges required');
    const claimed = await domainError(w.adminDelete(w.seller, ADMIN, w.product.id), 'forbidden');
    expect(claimed.message).toBe('walletAddress must be the wallet you are signed in with');
    await domainError(w.adminDelete(null, ADMIN, w.product.id), 'unauthenticated');
    expect(w.contents()).toEqual(before);
  });

  it('finds no product its seller removed, nor an unknown one', async () => {
    const w = await setup();
    await w.store.products.setStatus(w.product.id, 'removed');
    await domainError(w.adminDelete(w.admin, ADMIN, w.product.id), 'not_found');
    await domainError(w.adminDelete(w.admin, ADMIN, 999), 'not_found');
  });
});
