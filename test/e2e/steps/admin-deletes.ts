import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import { notSee, productCard, see, toast } from '../lib/ui';
import { POSTER } from './catalogue';

/** 6. The admin deletes the poster; the seller sees Admin Removed; the marketplace drops it. */
export const adminDeletesStep: Step = {
  name: '6. the admin deletes a product; seller sees Admin Removed; marketplace drops it',
  async run(w) {
    const { page } = await w.actor('admin');
    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: 'Product Management' }).click();
    const card = await see(page.getByRole('article', { name: POSTER }), 'the poster card');
    await card.getByRole('button', { name: `Delete Product ${POSTER}` }).click();
    const confirm = await see(page.getByRole('alertdialog', { name: 'Delete Product' }), 'confirm');
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
    await toast(page, 'Product Deleted');
    await see(page.getByText(`"${POSTER}" has been marked as deleted.`), 'the toast text');
    await w.shoot(page, 'admin-product-deleted');

    const poster = await w.api.public.get(`/api/products/${w.data.poster.id}`);
    assert.equal(poster.status, 'deleted');
    const listed = await w.api.public.get('/api/products');
    assert.ok(!listed.some((p: { id: number }) => p.id === poster.id), 'gone from the API list');

    const seller = (await w.actor('seller')).page;
    await seller.goto('/seller-dashboard');
    const row = await see(seller.getByTestId('listing-row').filter({ hasText: POSTER }), 'row');
    await see(row.getByText('Admin Removed', { exact: true }), 'Admin Removed');
    for (const action of ['Edit', 'Delete']) {
      const button = row.getByRole('button', { name: `${action} ${POSTER}` });
      assert.equal(await button.isDisabled(), true, `${action} is disabled`);
    }
    await w.shoot(seller, 'seller-admin-removed');

    const visitor = (await w.actor('visitor')).page;
    await visitor.goto('/');
    await see(visitor.getByTestId('product-card').first(), 'the marketplace');
    await notSee(productCard(visitor, POSTER), 'the deleted poster on the marketplace');
  },
};
