import assert from 'node:assert/strict';
import path from 'node:path';
import type { Step } from '../lib/runner';
import { connectWallet, eventually, navLink, see, toast } from '../lib/ui';
import { LAMP_LAMPORTS } from './buyer-pays';
import { TRACKING } from './seller-ships';
import { LAMP, LAMP_PRICE } from './seller-lists';

/** 5. The admin (escrow wallet) reviews the proof and releases the price to the seller. */
export const adminReleasesStep: Step = {
  name: '5. the admin reviews the proof and releases funds; the seller gets the price',
  async run(w) {
    const actor = await w.actor('admin');
    const { page } = actor;
    const wallet = w.wallets.admin;
    const order = w.data.order;
    await page.goto('/');
    await connectWallet(actor);
    await see(navLink(page, 'Admin'), 'the Admin link');
    for (const name of ['My Purchases', 'My Listings']) {
      assert.equal(await navLink(page, name).count(), 0, `an admin must not see ${name}`);
    }
    await navLink(page, 'Admin').click();
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }), 'the admin heading');
    await see(page.locator('main').getByText('Admin', { exact: true }), 'the Admin badge');
    await page.getByRole('tab', { name: 'Escrow Management' }).click();
    const card = await see(page.getByRole('article', { name: `Order #${order.id}` }), 'card');
    await see(card.getByText('Tracking Uploaded', { exact: true }), 'Tracking Uploaded badge');
    await see(card.getByText(TRACKING, { exact: true }), 'the tracking number');
    // Named as the seller's file was, linked to where it is stored.
    const file = JSON.parse(order.uploadedFiles)[0];
    const uploaded = path.basename(w.files.proof);
    const link = await see(card.getByRole('link', { name: uploaded }), 'the file link');
    assert.equal(await link.getAttribute('href'), `/uploads/${file}`);
    const payment = await see(card.getByRole('link', { name: 'View Payment' }), 'View Payment');
    assert.ok(
      (await payment.getAttribute('href'))!.includes(`/tx/${order.escrowTransactionHash}`),
      'View Payment opens the escrow transaction',
    );
    await w.shoot(page, 'admin-escrow-management');

    const sellerBefore = await w.chain.balance(w.wallets.seller.address);
    const signed = wallet.transactions.length;
    await card.getByRole('button', { name: 'Release Funds' }).click();
    const confirm = await see(page.getByRole('alertdialog', { name: 'Release Funds' }), 'confirm');
    await see(confirm.getByText('Are you sure you want to release the amount to the seller?'), 'Q');
    await see(confirm.getByText(/^Warning: This action cannot be undone\./), 'the warning');
    await w.shoot(page, 'admin-release-confirm', { focus: confirm });
    await confirm.getByRole('button', { name: 'Release Funds' }).click();
    await toast(page, 'Funds Released');
    // The spec's "released the price SOL": the app keeps "the" before the amount.
    const released = new RegExp(`Successfully released (the )?${LAMP_PRICE} SOL to seller`);
    await see(page.getByText(released), 'the Funds Released text');

    assert.equal(wallet.transactions.length, signed + 1, 'the admin signed one transaction');
    const release = wallet.transactions.at(-1)!;
    const expected = [
      { from: wallet.address, to: w.wallets.seller.address, lamports: LAMP_LAMPORTS },
    ];
    assert.deepEqual(release.transfers, expected);
    assert.deepEqual(await w.chain.transaction(release.signature), expected);
    const sellerAfter = await w.chain.balance(w.wallets.seller.address);
    assert.equal(sellerAfter - sellerBefore, LAMP_LAMPORTS, 'the seller got exactly the price');
    const orders = await w.api.seller.get(`/api/orders/seller/${w.data.sellerId}`);
    const done = orders.find((o: { id: number }) => o.id === order.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.releaseTransactionHash, release.signature);
    await w.shoot(page, 'admin-after-release');

    const buyer = (await w.actor('buyer')).page;
    await buyer.goto('/buyer-dashboard');
    const row = buyer.getByTestId('order-row').filter({ hasText: LAMP });
    await see(row.getByText('COMPLETED', { exact: true }), 'COMPLETED in My Purchases');
    await w.shoot(buyer, 'buyer-completed');
    const seller = (await w.actor('seller')).page;
    await seller.goto('/seller-dashboard');
    await seller.getByRole('tab', { name: 'Your Sales' }).click();
    const sale = seller.getByTestId('sale-card').filter({ hasText: LAMP });
    await see(sale.getByText('COMPLETED', { exact: true }), 'COMPLETED in Your Sales');
    await eventually(async () => {
      const stat = seller.getByText('Sold Items').locator('..');
      assert.match(await stat.innerText(), /\b1\b/);
    });
    await w.shoot(seller, 'seller-completed');
  },
};
