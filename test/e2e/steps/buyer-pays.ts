import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import { closeDialog, connectWallet, navLink, productCard, see, toast } from '../lib/ui';
import { LAMP, LAMP_PRICE } from './seller-lists';

/** 1.25 SOL written out by hand: the test's own oracle, not the product's conversion. */
export const LAMP_LAMPORTS = 1_250_000_000n;
export const CONTACT = {
  email: 'ada@example.org',
  address: '12 Rua das Flores, 4050-262 Porto',
  name: 'Ada Lovelace',
};

/** 3. The buyer connects, gives contact details (bad ones first), pays into escrow. */
export const buyerPaysStep: Step = {
  name: '3. a buyer gives contact details, pays, sees Payment Secured! and the order',
  async run(w) {
    const actor = await w.actor('buyer');
    const { page } = actor;
    const wallet = w.wallets.buyer;
    await page.goto('/');
    await connectWallet(actor);
    await see(navLink(page, 'My Purchases'), 'My Purchases link');
    assert.equal(await navLink(page, 'Admin').count(), 0, 'a buyer sees no Admin link');

    await productCard(page, LAMP).click();
    const dialog = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog');
    for (const badge of ['Email Required', 'Shipping Address Required', 'Full Name Required']) {
      await see(dialog.getByText(badge, { exact: true }), badge);
    }
    await dialog.getByRole('button', { name: 'Buy Now with SOL' }).click();
    const complete = await see(dialog.getByRole('button', { name: 'Complete Purchase' }), 'CTA');
    await complete.click();
    for (const message of [
      'Email is required',
      'Shipping address is required',
      'Full name is required',
    ]) {
      await see(dialog.getByText(message, { exact: true }), message);
    }
    await dialog.getByLabel('Email Address').fill('ada-at-example');
    await dialog.getByLabel('Shipping Address').fill(CONTACT.address);
    await dialog.getByLabel('Full Name').fill(CONTACT.name);
    await complete.click();
    await see(
      dialog.getByText('Please enter a valid email address', { exact: true }),
      'email rule',
    );
    await w.shoot(page, 'contact-validation', { focus: complete });
    assert.equal(wallet.transactions.length, 0, 'nothing is signed while the form is invalid');

    const escrowBefore = await w.chain.balance(w.chain.info.escrowWallet);
    await dialog.getByLabel('Email Address').fill(CONTACT.email);
    await complete.click();
    await toast(page, 'Payment Secured!');
    await see(page.getByText(`Your payment of ${LAMP_PRICE} SOL is held in escrow`), 'toast text');
    await w.shoot(page, 'payment-secured', { focus: dialog.getByText('Order recorded.') });

    assert.equal(wallet.transactions.length, 1, 'the wallet signed exactly one transaction');
    const paid = wallet.transactions[0]!;
    assert.deepEqual(paid.transfers, [
      { from: wallet.address, to: w.chain.info.escrowWallet, lamports: LAMP_LAMPORTS },
    ]);
    assert.deepEqual(await w.chain.transaction(paid.signature), paid.transfers);
    const escrowAfter = await w.chain.balance(w.chain.info.escrowWallet);
    assert.equal(escrowAfter - escrowBefore, LAMP_LAMPORTS, 'escrow up by exactly the price');

    const me = await page.request.get('/api/auth/session').then((r) => r.json());
    const orders = await page.request.get(`/api/orders/buyer/${me.userId}`).then((r) => r.json());
    assert.equal(orders.length, 1);
    const order = orders[0];
    assert.equal(order.status, 'escrow_held');
    assert.equal(order.escrowTransactionHash, paid.signature);
    assert.equal(order.price, LAMP_PRICE);
    assert.deepEqual(
      [order.buyerEmail, order.buyerAddress, order.buyerName],
      [CONTACT.email, CONTACT.address, CONTACT.name],
    );
    w.data.order = order;
    w.data.buyerId = me.userId;

    await closeDialog(dialog);
    await navLink(page, 'My Purchases').click();
    const row = await see(page.getByTestId('order-row').filter({ hasText: LAMP }), 'order row');
    await see(row.getByText(`${LAMP_PRICE} SOL`), 'the order price');
    await w.shoot(page, 'my-purchases');
  },
};
