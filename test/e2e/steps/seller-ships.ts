import assert from 'node:assert/strict';
import path from 'node:path';
import type { Step } from '../lib/runner';
import type { World } from '../lib/world';
import { see, toast } from '../lib/ui';
import { CONTACT } from './buyer-pays';
import { LAMP } from './seller-lists';

export const TRACKING = 'LX123456789PT';

/** 4. The seller sees the sale awaiting shipment and uploads a tracking number and a PDF. */
export const sellerShipsStep: Step = {
  name: '4. the seller sees the sale and uploads a tracking number and a PDF',
  async run(w) {
    const { page } = await w.actor('seller');
    const order = w.data.order;
    await page.goto('/seller-dashboard');
    await page.getByRole('tab', { name: 'Your Sales' }).click();
    const card = await see(page.getByTestId('sale-card').filter({ hasText: LAMP }), 'sale card');
    await see(card.getByText('AWAITING SHIPMENT', { exact: true }), 'AWAITING SHIPMENT');
    for (const text of [`User #${order.buyerId}`, CONTACT.email, CONTACT.name, CONTACT.address]) {
      await see(card.getByText(text, { exact: true }), `buyer detail ${text}`);
    }
    await see(card.getByText(order.escrowTransactionHash), 'the escrow transaction hash');
    await w.shoot(page, 'seller-sale-awaiting');

    await card.getByRole('button', { name: 'Upload Tracking' }).click();
    const dialog = await see(page.getByRole('dialog', { name: 'Upload Tracking' }), 'dialog');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const rule = 'Please provide either a tracking number or upload files as proof of delivery';
    await see(dialog.getByText(rule), 'the tracking rule');
    await dialog.getByLabel('Tracking Number (optional)').fill(`  ${TRACKING} `);
    await dialog.locator('input[type="file"]').setInputFiles(w.files.proof);
    await see(dialog.getByText(path.basename(w.files.proof)), 'the chosen PDF listed');
    await w.shoot(page, 'upload-tracking-dialog', { focus: dialog });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Tracking Information Uploaded');
    await see(card.getByText('TRACKING UPLOADED', { exact: true }), 'TRACKING UPLOADED');
    await see(card.getByText(TRACKING, { exact: true }), 'the tracking number on the card');
    await w.shoot(page, 'seller-sale-tracking-uploaded');
    await checkOrder(w);
  },
};

async function checkOrder(w: World) {
  const orders = await w.api.seller.get(`/api/orders/seller/${w.data.sellerId}`);
  const order = orders.find((o: { id: number }) => o.id === w.data.order.id);
  assert.equal(order.status, 'tracking_uploaded');
  assert.equal(order.trackingNumber, TRACKING, 'the tracking number is stored trimmed');
  const files: string[] = JSON.parse(order.uploadedFiles);
  assert.equal(files.length, 1);
  const proof = await w.api.seller.raw('GET', `/uploads/${files[0]}`);
  assert.equal(proof.status, 200);
  assert.equal(proof.headers.get('content-type'), 'application/pdf');
  const anonymous = await w.api.public.raw('GET', `/uploads/${files[0]}`);
  assert.equal(anonymous.status, 401, 'a visitor cannot read the proof of delivery');
  w.data.order = order;
}
