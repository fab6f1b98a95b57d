import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import { closeDialog, connectWallet, productCard, see, toast } from '../lib/ui';
import { CONTACT, LAMP_LAMPORTS } from './buyer-pays';
import { LAMP } from './seller-lists';

/** 7. Access Denied for a non-admin, the 404 page, and the last unit bought through Phantom. */
export const lastUnitStep: Step = {
  name: '7. Access Denied, 404, and the last unit (via Phantom) shows SOLD OUT',
  async run(w) {
    const buyer = (await w.actor('buyer')).page;
    await buyer.goto('/admin-dashboard');
    await see(buyer.getByRole('heading', { name: 'Access Denied' }), 'Access Denied page');
    await see(buyer.getByText("You don't have permission to access this page."), 'its text');
    await see(buyer.getByText('Admin privileges required to access this page.'), 'the toast');
    await w.shoot(buyer, 'access-denied');
    await buyer.goto('/no/such/page');
    await see(buyer.getByRole('heading', { name: '404 Page Not Found' }), 'the 404 page');
    await w.shoot(buyer, 'not-found');

    const actor = await w.actor('phantom');
    const { page } = actor;
    const wallet = w.wallets.phantom;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
    const chooser = await see(page.getByRole('dialog', { name: 'Connect Your Wallet' }), 'dialog');
    await see(chooser.getByRole('button', { name: /Phantom.*Detected/ }), 'Phantom detected');
    await w.shoot(page, 'connect-dialog-phantom', { focus: chooser });
    await closeDialog(chooser);
    await connectWallet(actor);

    const escrowBefore = await w.chain.balance(w.chain.info.escrowWallet);
    await productCard(page, LAMP).click();
    const dialog = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog');
    await see(dialog.locator('dt:text-is("Available") + dd:text-is("1")'), 'one unit available');
    await dialog.getByRole('button', { name: 'Buy Now with SOL' }).click();
    await dialog.getByLabel('Email Address').fill('grace@example.org');
    await dialog.getByLabel('Shipping Address').fill(CONTACT.address);
    await dialog.getByLabel('Full Name').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Complete Purchase' }).click();
    await toast(page, 'Payment Secured!');
    // Phantom signed it; the app sends the signed bytes itself, so that it can send them again
    // while the blockhash lives if the network drops them.
    const paid = wallet.transactions.at(-1)!;
    const expected = [
      { from: wallet.address, to: w.chain.info.escrowWallet, lamports: LAMP_LAMPORTS },
    ];
    assert.deepEqual(paid.transfers, expected);
    const escrowAfter = await w.chain.balance(w.chain.info.escrowWallet);
    assert.equal(escrowAfter - escrowBefore, LAMP_LAMPORTS, 'escrow up by exactly the price');
    await closeDialog(dialog);

    await see(productCard(page, LAMP).getByText('SOLD OUT', { exact: true }), 'SOLD OUT on card');
    await productCard(page, LAMP).click();
    const again = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog again');
    const soldOut = await see(again.getByRole('button', { name: 'Sold Out' }), 'Sold Out button');
    assert.equal(await soldOut.isDisabled(), true, 'a sold-out product cannot be bought');
    await w.shoot(page, 'sold-out', { focus: soldOut });
    const lamp = await w.api.public.get(`/api/products/${w.data.lamp.id}`);
    assert.deepEqual([lamp.status, lamp.soldQuantity], ['sold', 2]);
  },
};
