import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import {
  assertFocused,
  assertOneRowBar,
  closeDialog,
  eventually,
  navLink,
  productCard,
  see,
  shortAddress,
  toast,
} from '../lib/ui';
import { LAMP, LAMP_PRICE } from './seller-lists';

/** 1.25 SOL written out by hand: the test's own oracle, not the product's conversion. */
export const LAMP_LAMPORTS = 1_250_000_000n;
export const CONTACT = {
  email: 'ada@example.org',
  address: '12 Rua das Flores, 4050-262 Porto',
  name: 'Ada Lovelace',
};

/**
 * 3. A visitor opens the lamp, connects from its dialog (the focus lands on Buy Now), gives
 * contact details (bad ones first) and pays into escrow.
 */
export const buyerPaysStep: Step = {
  name: '3. a visitor connects from the dialog, gives contact details, pays; sees the order',
  async run(w) {
    const actor = await w.actor('buyer');
    const { page } = actor;
    const wallet = w.wallets.buyer;
    await page.goto('/');
    await productCard(page, LAMP).click();
    const dialog = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog');
    for (const badge of ['Email Required', 'Shipping Address Required', 'Full Name Required']) {
      await see(dialog.getByText(badge, { exact: true }), badge);
    }
    await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
    const chooser = await see(page.getByRole('dialog', { name: 'Connect Your Wallet' }), 'chooser');
    await chooser.getByRole('button', { name: wallet.label }).click();
    await toast(page, 'Wallet Connected');
    await see(page.getByText(shortAddress(wallet.address)), 'the shortened wallet address');
    await eventually(async () => assert.ok(wallet.messages.length > 0, 'signed in'));
    const buyNow = dialog.getByRole('button', { name: 'Buy Now with SOL' });
    await eventually(async () => assert.equal(await buyNow.isEnabled(), true, 'Buy Now enabled'));
    await assertFocused(buyNow, 'Buy Now after connecting from the dialog');
    await buyNow.click();
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
    await see(navLink(page, 'My Purchases'), 'My Purchases link');
    assert.equal(await navLink(page, 'Admin').count(), 0, 'a buyer sees no Admin link');
    await assertOneRowBar(page);
    await cannotAfford(w);
    await navLink(page, 'My Purchases').click();
    const row = await see(page.getByTestId('order-row').filter({ hasText: LAMP }), 'order row');
    await see(row.getByText(`${LAMP_PRICE} SOL`), 'the order price');
    await w.shoot(page, 'my-purchases');

    // View Details gives the focus back to its own button when the dialog closes.
    const details = row.getByRole('button', { name: 'View Details' });
    await details.click();
    await closeDialog(await see(page.getByRole('dialog', { name: LAMP }), 'View Details dialog'));
    await assertFocused(details, 'View Details after its dialog closed');
  },
};

export const PIANO = 'Concert Grand Piano';

/**
 * 3'. A product dearer than the buyer's balance: the dialog says so in plain words before the
 * wallet is asked anything, and the wallet's journal stays as it was.
 */
async function cannotAfford(w: Parameters<Step['run']>[0]): Promise<void> {
  const { page } = await w.actor('buyer');
  const wallet = w.wallets.buyer;
  const piano = await w.api.seller.post('/api/products', {
    name: PIANO,
    description: 'A nine-foot concert grand, more than the buyer holds.',
    price: '999.00',
    category: 'physical-items',
    condition: 'like_new',
    location: 'Vienna',
    status: 'active',
    quantity: 1,
    requiresAddress: false,
    requiresEmail: false,
    requiresName: false,
    imageUrl: null,
    sellerId: w.data.sellerId,
  });
  const card = await see(productCard(page, PIANO), 'the piano on the marketplace');
  await card.click();
  const dialog = await see(page.getByRole('dialog', { name: PIANO }), 'the piano dialog');
  const asked = wallet.journal.length;
  await dialog.getByRole('button', { name: 'Buy Now with SOL' }).click();
  await toast(page, 'Transaction Failed');
  await see(
    page.getByText(
      /You have [\d.]+ SOL; this costs 999(\.0+)? SOL plus a network fee of [\d.]+ SOL/,
    ),
    'the readable balance message',
  );
  await w.shoot(page, 'cannot-afford', { focus: dialog });
  assert.equal(wallet.journal.length, asked, 'the wallet was asked nothing');
  await closeDialog(dialog);
  await w.api.seller.request('DELETE', `/api/products/${piano.id}`);
}
