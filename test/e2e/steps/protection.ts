import assert from 'node:assert/strict';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { buildTransfer, sendAndConfirm } from '@src/adapters/solana/transfers';
import { purchaseRequest } from '@src/contracts/orders';
import { warpChain } from '@src/local-chain/time-client';
import { Api } from '../lib/api';
import type { Step } from '../lib/runner';
import { eventually, see, toast } from '../lib/ui';
import type { World } from '../lib/world';

export const KIT = 'Protection Test Kit';
const KIT_PRICE = '2.00';
/** 2 SOL and a split of 0.80 / 1.20, written out by hand: the test's own oracle. */
const KIT_LAMPORTS = 2_000_000_000n;
const SELLER_PART = '0.80';
const SELLER_PART_LAMPORTS = 800_000_000n;
const BUYER_PART_LAMPORTS = 1_200_000_000n;
const HOUR = 3600;
/** Settlement runs every 2 s in the e2e product; a payout lands well within this. */
const SETTLED_WITHIN_MS = 30_000;

interface Orders {
  confirmed: number;
  disputed: number;
  cancelled: number;
  untouched: number;
}

/** The buyer's own API session (the browser's is the page's). */
async function buyerApi(w: World): Promise<Api> {
  if (!w.data.buyerApi) {
    const api = new Api(w.product.url);
    await api.signIn(w.wallets.buyer);
    w.data.buyerApi = api;
  }
  return w.data.buyerApi as Api;
}

const sellerOrder = async (w: World, id: number) =>
  (await w.api.seller.get(`/api/orders/seller/${w.data.sellerId}`)).find(
    (o: { id: number }) => o.id === id,
  );

/** Pays the kit's price from the buyer's wallet into escrow and records the order. */
async function buyKit(w: World, product: any): Promise<number> {
  const { connection, info } = w.chain;
  const tx = await buildTransfer(
    connection,
    w.wallets.buyer.keypair,
    info.escrowWallet,
    KIT_LAMPORTS,
    {
      reference: Keypair.generate().publicKey,
    },
  );
  const signature = await sendAndConfirm(connection, tx);
  const buyer = await buyerApi(w);
  const order = await buyer.post(
    '/api/orders',
    purchaseRequest({ product, buyerId: w.data.buyerId, signature }),
  );
  return order.id;
}

async function ship(w: World, id: number, tracking: string) {
  const form = new FormData();
  form.append('trackingNumber', tracking);
  await w.api.seller.form(`/api/orders/${id}/tracking`, form);
}

const row = (page: Page, id: number) =>
  page.getByTestId('order-row').filter({ has: page.getByText(`Order #${id}`, { exact: true }) });

async function myPurchases(w: World) {
  const { page } = await w.actor('buyer');
  await page.goto('/buyer-dashboard');
  await see(page.getByRole('heading', { name: 'Recent Orders' }), 'Recent Orders');
  return page;
}

/** Waits until the settlement runner has paid the order out; answers the order. */
async function settled(w: World, id: number, status: 'completed' | 'cancelled') {
  return eventually(async () => {
    const order = await sellerOrder(w, id);
    assert.equal(order.status, status, `order #${id} is ${status}`);
    return order;
  }, SETTLED_WITHIN_MS);
}

/** 8c. Setup, then the buyer confirms receipt and the server pays the seller without the admin. */
export const confirmReceiptStep: Step = {
  name: '8c. protection: the buyer confirms receipt; the seller is paid exactly the price, no admin',
  async run(w) {
    const kit = await w.api.seller.post('/api/products', {
      name: KIT,
      description: 'Four kits for the protection journey.',
      price: KIT_PRICE,
      category: 'physical-items',
      condition: 'new',
      quantity: 4,
      handlingDays: 1,
      sellerId: w.data.sellerId,
      imageUrl: null,
    });
    assert.equal(kit.handlingDays, 1);
    const orders: Orders = {
      confirmed: await buyKit(w, kit),
      disputed: await buyKit(w, kit),
      cancelled: await buyKit(w, kit),
      untouched: await buyKit(w, kit),
    };
    w.data.kitOrders = orders;
    await ship(w, orders.confirmed, 'KIT-CONFIRM-1');
    await ship(w, orders.disputed, 'KIT-DISPUTE-1');
    await ship(w, orders.untouched, 'KIT-UNTOUCHED-1');

    const page = await myPurchases(w);
    const shipped = row(page, orders.confirmed);
    await see(
      shipped.getByText(
        /^Paid to the seller automatically on \w+ \d+ unless you report a problem$/,
      ),
      'the inspection deadline in words',
    );
    const unshipped = row(page, orders.cancelled);
    await see(unshipped.getByText(/^Ship by \w+ \d+: if it has not shipped by then/), 'ship-by');
    assert.equal(
      await unshipped.getByRole('button', { name: 'Cancel Order' }).count(),
      0,
      'no Cancel before the ship-by date',
    );
    await w.shoot(page, 'protection-my-purchases');

    const sellerBefore = await w.chain.balance(w.wallets.seller.address);
    const adminSigned = w.wallets.admin.transactions.length;
    await shipped.getByRole('button', { name: 'Confirm Receipt' }).click();
    const confirm = await see(page.getByRole('alertdialog', { name: 'Confirm Receipt' }), 'ask');
    await w.shoot(page, 'protection-confirm-receipt', { focus: confirm });
    await confirm.getByRole('button', { name: 'Confirm Receipt' }).click();
    await toast(page, 'Receipt Confirmed');
    const done = await settled(w, orders.confirmed, 'completed');
    assert.deepEqual(await w.chain.transaction(done.releaseTransactionHash), [
      { from: w.chain.info.escrowWallet, to: w.wallets.seller.address, lamports: KIT_LAMPORTS },
    ]);
    const sellerAfter = await w.chain.balance(w.wallets.seller.address);
    assert.equal(sellerAfter - sellerBefore, KIT_LAMPORTS, 'the seller got exactly the price');
    assert.equal(w.wallets.admin.transactions.length, adminSigned, 'the admin signed nothing');
    await page.reload();
    await see(row(page, orders.confirmed).getByText('COMPLETED', { exact: true }), 'COMPLETED');
  },
};

/** 8d. A dispute with evidence and messages, resolved by the admin with a split. */
export const disputeSplitStep: Step = {
  name: '8d. protection: a dispute with evidence and messages is settled by a split',
  async run(w) {
    const id = (w.data.kitOrders as Orders).disputed;
    const page = await myPurchases(w);
    await row(page, id).getByRole('button', { name: 'Report a Problem' }).click();
    const report = await see(page.getByRole('dialog', { name: 'Report a Problem' }), 'report');
    await report.getByRole('button', { name: 'Report Problem' }).click();
    await see(report.getByText('Choose what the problem is'), 'the reason rule');
    await report.getByLabel('Reason').selectOption('damaged');
    await report.getByLabel('Message').fill('The kit arrived with a cracked case.');
    await report.locator('input[type="file"]').setInputFiles(w.files.proof);
    await see(report.getByText(path.basename(w.files.proof)), 'the evidence listed');
    await w.shoot(page, 'protection-report-problem', { focus: report });
    await report.getByRole('button', { name: 'Report Problem' }).click();
    await toast(page, 'Problem Reported');
    await see(row(page, id).getByText('DISPUTED', { exact: true }), 'DISPUTED');
    await w.shoot(page, 'protection-buyer-disputed');

    const seller = (await w.actor('seller')).page;
    await seller.goto('/seller-dashboard');
    await seller.getByRole('tab', { name: 'Your Sales' }).click();
    const sale = seller.getByRole('article', { name: `Order #${id}`, exact: true });
    await see(sale.getByText('DISPUTED', { exact: true }), 'DISPUTED in Your Sales');
    await sale.getByRole('button', { name: 'Messages' }).click();
    const thread = await see(seller.getByRole('dialog', { name: 'Messages' }), 'the thread');
    await see(thread.getByText('The kit arrived with a cracked case.'), 'the buyer’s report');
    await thread.getByLabel('Your message').fill('It was packed with care; I can offer a part.');
    await thread.getByRole('button', { name: 'Send Message' }).click();
    await see(thread.getByText('It was packed with care; I can offer a part.'), 'sent');
    await w.shoot(seller, 'protection-seller-thread', { focus: thread });
    await thread.getByRole('button', { name: 'Close', exact: true }).last().click();

    const admin = (await w.actor('admin')).page;
    await admin.goto('/admin-dashboard');
    await admin.getByRole('tab', { name: 'Escrow Management' }).click();
    const card = await see(admin.getByRole('article', { name: `Dispute #${id}` }), 'dispute');
    await card.getByRole('button', { name: 'View Thread' }).click();
    const view = await see(admin.getByRole('dialog', { name: 'Messages' }), 'the admin thread');
    await see(view.getByText('Problem reported by the buyer'), 'the dispute summary');
    const evidence = await see(view.getByRole('link').first(), 'the evidence link');
    const href = (await evidence.getAttribute('href'))!;
    const served = await admin.request.get(href);
    assert.equal(served.status(), 200, 'the admin can open the evidence');
    assert.deepEqual(
      Buffer.from(await served.body()),
      await readFile(w.files.proof),
      'the evidence is the file the buyer sent',
    );
    await see(view.getByText('It was packed with care; I can offer a part.'), 'seller message');
    await w.shoot(admin, 'protection-admin-thread', { focus: view });
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();

    const sellerBefore = await w.chain.balance(w.wallets.seller.address);
    const buyerBefore = await w.chain.balance(w.wallets.buyer.address);
    await card.getByRole('button', { name: 'Resolve' }).click();
    const resolve = await see(admin.getByRole('dialog', { name: 'Resolve Dispute' }), 'resolve');
    await resolve.getByRole('radio', { name: 'Split between them' }).check();
    await resolve.getByLabel('Seller’s part (SOL)').fill(SELLER_PART);
    await see(resolve.getByText('0.80 SOL to the seller and 1.20 SOL to the buyer'), 'parts');
    await w.shoot(admin, 'protection-resolve-split', { focus: resolve });
    await resolve.getByRole('button', { name: 'Split Payment' }).click();
    const sure = await see(admin.getByRole('alertdialog', { name: 'Split Payment' }), 'sure?');
    await see(sure.getByText(/^Warning: This action cannot be undone\./), 'the warning');
    await sure.getByRole('button', { name: 'Split Payment' }).click();
    await toast(admin, 'Dispute Resolved');

    const paid = w.wallets.admin.transactions.at(-1)!;
    const expected = [
      {
        from: w.chain.info.escrowWallet,
        to: w.wallets.seller.address,
        lamports: SELLER_PART_LAMPORTS,
      },
      {
        from: w.chain.info.escrowWallet,
        to: w.wallets.buyer.address,
        lamports: BUYER_PART_LAMPORTS,
      },
    ];
    assert.deepEqual(paid.transfers, expected);
    assert.deepEqual(await w.chain.transaction(paid.signature), expected);
    const sellerAfter = await w.chain.balance(w.wallets.seller.address);
    const buyerAfter = await w.chain.balance(w.wallets.buyer.address);
    assert.equal(sellerAfter - sellerBefore, SELLER_PART_LAMPORTS, 'the seller got its part');
    assert.equal(buyerAfter - buyerBefore, BUYER_PART_LAMPORTS, 'the buyer got its part');
    const order = await sellerOrder(w, id);
    assert.equal(order.status, 'completed');
    assert.equal(order.releaseTransactionHash, paid.signature);
    await see(admin.getByText('No open disputes.'), 'no dispute left');
    await w.shoot(admin, 'protection-admin-after-split');
  },
};

/** 8e. The seller never ships; past the ship-by date the buyer cancels and is refunded exactly. */
export const buyerCancelsStep: Step = {
  name: '8e. protection: never shipped, the clock passes ship-by, the buyer cancels, refunded exactly',
  movesTheClock: true,
  async run(w) {
    const id = (w.data.kitOrders as Orders).cancelled;
    await warpChain(w.chain.info.rpcUrl, 26 * HOUR);
    const page = await myPurchases(w);
    const unshipped = row(page, id);
    await see(
      unshipped.getByText(/^Not shipped by \w+ \d+: you can cancel for a full refund/),
      'the passed ship-by date in words',
    );
    const buyerBefore = await w.chain.balance(w.wallets.buyer.address);
    await unshipped.getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = await see(page.getByRole('alertdialog', { name: 'Cancel Order' }), 'ask');
    await w.shoot(page, 'protection-buyer-cancel', { focus: confirm });
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await toast(page, 'Order Cancelled');
    const done = await settled(w, id, 'cancelled');
    assert.deepEqual(await w.chain.transaction(done.refundTransactionHash), [
      { from: w.chain.info.escrowWallet, to: w.wallets.buyer.address, lamports: KIT_LAMPORTS },
    ]);
    const buyerAfter = await w.chain.balance(w.wallets.buyer.address);
    assert.equal(buyerAfter - buyerBefore, KIT_LAMPORTS, 'the buyer got exactly the price back');
    await page.reload();
    await see(row(page, id).getByText('CANCELLED', { exact: true }), 'CANCELLED');
    await w.shoot(page, 'protection-buyer-refunded');
  },
};

/** 8f. A shipped order nobody touches is paid out once the inspection period is over. */
export const inspectionEndsStep: Step = {
  name: '8f. protection: an untouched shipped order is paid out after the inspection period',
  movesTheClock: true,
  async run(w) {
    const id = (w.data.kitOrders as Orders).untouched;
    const seller = (await w.actor('seller')).page;
    await seller.goto('/seller-dashboard');
    await seller.getByRole('tab', { name: 'Your Sales' }).click();
    const sale = seller.getByRole('article', { name: `Order #${id}`, exact: true });
    await see(
      sale.getByText(/^Paid to you automatically on \w+ \d+ unless the buyer reports a problem$/),
      'the inspection deadline for the seller',
    );
    await w.shoot(seller, 'protection-seller-sales');
    const sellerBefore = await w.chain.balance(w.wallets.seller.address);
    // The product's inspection period is 3 days here; 26 h have passed already.
    await warpChain(w.chain.info.rpcUrl, 2 * 24 * HOUR);
    const done = await settled(w, id, 'completed');
    assert.deepEqual(await w.chain.transaction(done.releaseTransactionHash), [
      { from: w.chain.info.escrowWallet, to: w.wallets.seller.address, lamports: KIT_LAMPORTS },
    ]);
    const sellerAfter = await w.chain.balance(w.wallets.seller.address);
    assert.equal(sellerAfter - sellerBefore, KIT_LAMPORTS, 'the seller got exactly the price');
    await seller.reload();
    await seller.getByRole('tab', { name: 'Your Sales' }).click();
    await see(sale.getByText('COMPLETED', { exact: true }), 'COMPLETED in Your Sales');
  },
};
