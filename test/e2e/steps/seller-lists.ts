import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { connectWallet, navLink, productCard, see, toast } from '../lib/ui';
import { imageSize } from '../lib/fixture-files';
import { choose } from '../lib/form';
import type { Step } from '../lib/runner';
import type { World } from '../lib/world';

export const LAMP = 'Walnut Desk Lamp';
export const LAMP_PRICE = '1.25';
const FIRST_PRICE = '1.10';

/** 2. The seller connects, signs in, lists the lamp with three images, edits it. */
export const sellerListsStep: Step = {
  name: '2. a seller signs in, lists a product with three images, edits it',
  async run(w) {
    const actor = await w.actor('seller');
    const { page } = actor;
    await page.goto('/');
    await connectWallet(actor);
    const signIn = w.wallets.seller.messages.at(-1)!.text;
    assert.match(signIn, new RegExp(`^127\\.0\\.0\\.1:\\d+ wants you to sign in`));
    assert.ok(signIn.includes(w.wallets.seller.address), 'the sign-in message names the wallet');
    await see(navLink(page, 'My Listings'), 'My Listings link');
    await navLink(page, 'My Listings').click();
    await createInUi(w, page);
    await checkStored(w);
    await page.goto('/');
    await see(productCard(page, LAMP), 'the lamp on the marketplace');
    await w.shoot(page, 'marketplace-with-lamp');
  },
};

async function createInUi(w: World, page: Page) {
  await page.getByRole('button', { name: 'New Listing' }).click();
  const dialog = await see(page.getByRole('dialog', { name: 'Create New Listing' }), 'dialog');
  const f = w.files;
  await dialog.locator('input[type="file"]').setInputFiles([f.wide, f.tall, f.small]);
  await see(
    dialog.getByRole('list', { name: 'Chosen images' }).locator('img').nth(2),
    'three previews',
  );
  await dialog.getByLabel('Product Name', { exact: true }).fill(LAMP);
  await choose(dialog, 'Category', 'physical-items');
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('Hand-turned walnut lamp with a linen shade.');
  await dialog.getByLabel('Price (SOL)', { exact: true }).fill(FIRST_PRICE);
  await dialog.getByLabel('Quantity', { exact: true }).fill('2');
  await choose(dialog, 'Condition', 'like_new');
  await dialog.getByLabel('Location (optional)', { exact: true }).fill('Porto');
  await dialog.getByLabel('Handling time (days)', { exact: true }).fill('2');
  for (const label of ['Require shipping address', 'Require email address', 'Require full name']) {
    await dialog.getByRole('checkbox', { name: label }).check();
  }
  await w.shoot(page, 'listing-dialog-filled', {
    focus: dialog.getByRole('button', { name: 'Create Listing' }),
  });
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await toast(page, 'Product listed successfully!');
  const row = await see(page.getByTestId('listing-row').filter({ hasText: LAMP }), 'lamp row');
  await see(row.getByText(`${FIRST_PRICE} SOL`), 'the first price in the row');

  await row.getByRole('button', { name: `Edit ${LAMP}` }).click();
  const edit = await see(page.getByRole('dialog', { name: 'Edit Listing' }), 'edit dialog');
  await edit.getByLabel('Price (SOL)', { exact: true }).fill(LAMP_PRICE);
  await edit.getByRole('button', { name: 'Update Listing' }).click();
  await toast(page, 'Product updated successfully!');
  await see(row.getByText(`${LAMP_PRICE} SOL`), 'the new price in the row');
  await see(page.getByRole('tab', { name: 'Your Listings' }), 'the Your Listings tab');
  await w.shoot(page, 'your-listings');
  const mine = await w.api.public.get(`/api/products?sellerId=${w.data.sellerId}`);
  w.data.lamp = mine.find((p: { name: string }) => p.name === LAMP);
}

/** The three images reached the server resized (longest side at most 800 px, JPEG). */
async function checkStored(w: World) {
  const lamp = await w.api.public.get(`/api/products/${w.data.lamp.id}`);
  assert.equal(lamp.price, LAMP_PRICE);
  assert.equal(lamp.quantity, 2);
  assert.equal(lamp.handlingDays, 2, 'the handling time chosen in the dialog is stored');
  const images: string[] = JSON.parse(lamp.imageUrl);
  assert.equal(images.length, 3, 'three images stored');
  for (const url of images) {
    const res = await fetch(`${w.product.url}${url}`);
    assert.equal(res.status, 200, `${url} is served`);
    const size = imageSize(Buffer.from(await res.arrayBuffer()));
    assert.equal(size.type, 'jpeg', `${url} was re-encoded as JPEG`);
    assert.ok(Math.max(size.width, size.height) <= 800, `${url} is at most 800 px`);
  }
}
