import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Step } from '../lib/runner';
import {
  assertFocused,
  assertOneRowBar,
  closeDialog,
  navLink,
  notSee,
  productCard,
  search,
  see,
} from '../lib/ui';
import { EBOOK, POSTER } from './catalogue';

const category = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Categories' }).getByRole('button', { name, exact: true });

const names = (list: { name: string }[]) => list.map((p) => p.name).sort();

/** 1. A visitor browses, searches and filters, and sees no dashboard links. */
export const visitorStep: Step = {
  name: '1. a visitor browses, searches and filters; no dashboard links',
  async run(w) {
    const { page } = await w.actor('visitor');
    await page.goto('/');
    await see(productCard(page, POSTER), 'the poster card');
    await see(productCard(page, EBOOK), 'the ebook card');
    await see(page.getByPlaceholder('Search products...'), 'the search box');
    await see(navLink(page, 'Marketplace'), 'the Marketplace link');
    for (const name of ['My Purchases', 'My Listings', 'Admin']) {
      assert.equal(await navLink(page, name).count(), 0, `a visitor must not see ${name}`);
    }
    const connect = await see(
      page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }),
      'Connect Wallet',
    );
    await w.shoot(page, 'marketplace-visitor');
    await assertOneRowBar(page);

    // The connect dialog gives the focus back to the button that opened it.
    await connect.click();
    const chooser = await see(page.getByRole('dialog', { name: 'Connect Your Wallet' }), 'chooser');
    await closeDialog(chooser);
    await assertFocused(connect, 'Connect Wallet after the connect dialog closed');

    await search(page, 'poster');
    await see(productCard(page, POSTER), 'the poster after searching "poster"');
    await notSee(productCard(page, EBOOK), 'the ebook after searching "poster"');
    assert.deepEqual(names(await w.api.public.get('/api/products?search=poster')), [POSTER]);
    await w.shoot(page, 'marketplace-search');

    await search(page, '');
    await category(page, 'Digital Goods').click();
    await see(productCard(page, EBOOK), 'the ebook under Digital Goods');
    await notSee(productCard(page, POSTER), 'the poster under Digital Goods');
    assert.deepEqual(names(await w.api.public.get('/api/products?category=digital-goods')), [
      EBOOK,
    ]);
    await w.shoot(page, 'marketplace-filter');

    await search(page, 'no such thing');
    await see(page.getByText('No products found matching your criteria.'), 'the empty text');
    await category(page, 'All Categories').click();
    await search(page, '');

    const opener = productCard(page, EBOOK).getByRole('button', { name: EBOOK, exact: true });
    await opener.click();
    const dialog = await see(page.getByRole('dialog', { name: EBOOK }), 'the ebook dialog');
    const buy = dialog.getByRole('button', { name: 'Buy Now with SOL' });
    await see(buy, 'the buy button');
    assert.equal(await buy.isDisabled(), true, 'a visitor cannot buy');
    await see(dialog.getByText('Connect your wallet to buy.'), 'the connect hint');
    await see(dialog.getByRole('button', { name: 'Connect Wallet' }), 'Connect in the dialog');
    await w.shoot(page, 'product-dialog-visitor', { focus: buy });
    await closeDialog(dialog);
    await assertFocused(opener, 'the ebook card after its dialog closed');
  },
};
