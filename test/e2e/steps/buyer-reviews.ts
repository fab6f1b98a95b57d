import assert from 'node:assert/strict';
import type { Step } from '../lib/runner';
import { productCard, see } from '../lib/ui';
import { LAMP, LAMP_PRICE } from './seller-lists';

const COMMENT = 'Lovely lamp, well packed and on time.';

/**
 * 5a. The buyer rates the completed order (the form refuses no stars first); the review shows
 * on the seller's page, reached from the product dialog, with the figures it changes.
 */
export const buyerReviewsStep: Step = {
  name: '5a. the buyer reviews the completed order; it shows on the seller page',
  async run(w) {
    const { page } = await w.actor('buyer');
    await page.goto('/buyer-dashboard');
    const row = page.getByTestId('order-row').filter({ hasText: LAMP });
    await see(row.getByText('COMPLETED', { exact: true }), 'the completed order');
    await (await see(row.getByRole('button', { name: 'Leave a Review' }), 'review button')).click();
    const dialog = await see(page.getByRole('dialog', { name: 'Rate the seller' }), 'form');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await see(dialog.getByText('Choose a rating from 1 to 5 stars'), 'the rating rule');
    await dialog.getByRole('radio', { name: '5 stars' }).check();
    await dialog.getByRole('textbox', { name: /Comment/ }).fill(COMMENT);
    await w.shoot(page, 'review-form', { focus: dialog });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await see(row.getByText('Rated ★★★★★'), 'the rating in place of the button');
    assert.equal(await row.getByRole('button', { name: 'Leave a Review' }).count(), 0, 'once');

    await page.goto('/');
    await see(productCard(page, LAMP).getByText('★ 5.0 (1)'), 'the compact rating on a card');
    await productCard(page, LAMP).click();
    const product = await see(page.getByRole('dialog', { name: LAMP }), 'the lamp dialog');
    const summary = await see(product.getByTestId('seller-summary'), 'the seller summary');
    await see(summary.getByText(/★ 5\.0 from 1 review · 1 completed sale/), 'the record');
    await summary.getByRole('link').click();
    await page.waitForURL(`**/seller/${w.data.sellerId}`);
    await product.waitFor({ state: 'hidden' });
    const record = await see(page.getByLabel('Seller record'), 'the seller record');
    for (const text of ['★ 5.0 (1 review)', `${LAMP_PRICE} SOL`, '0% (0 of 1)']) {
      await see(record.getByText(text, { exact: true }), `record: ${text}`);
    }
    await see(page.getByTestId('review').filter({ hasText: COMMENT }), 'the review');
    // The seller's own page says the rating once, in the record, not again on each card.
    await see(productCard(page, LAMP), 'the lamp on the seller page');
    assert.equal(await productCard(page, LAMP).getByText('★').count(), 0, 'no rating per card');
    await w.shoot(page, 'seller-page');
    const reviews = await w.api.public.get(`/api/sellers/${w.data.sellerId}/reviews`);
    assert.deepEqual(
      reviews.map((r: { rating: number; comment: string }) => [r.rating, r.comment]),
      [[5, COMMENT]],
    );
  },
};
