import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Step } from '../lib/runner';
import { connectWallet, navLink, see } from '../lib/ui';
import { LAMP } from './seller-lists';
import { TRACKING } from './seller-ships';

/** Issue 13: an open screen shows a change made elsewhere within this long, without a reload. */
export const LIVE_MS = 1000;

interface Watch {
  /** When the change was committed, as its author's page saw the answer arrive. */
  madeAt: Promise<number>;
  /** When each awaited thing became visible on the watching page. */
  seen: Promise<number>[];
  page: Page;
}

/** Resolves with the time `locator` becomes visible on a page left open (no reload). */
const shownAt = (locator: Locator, timeout = 120_000) =>
  locator
    .first()
    .waitFor({ state: 'visible', timeout })
    .then(() => Date.now());

/** Resolves with the time `page` receives the answer to a call matching `method` and `path`. */
const answeredAt = (page: Page, method: string, path: RegExp) =>
  page
    .waitForResponse(
      (res) => res.request().method() === method && path.test(new URL(res.url()).pathname),
      { timeout: 120_000 },
    )
    .then((res) => {
      assert.ok(res.ok(), `${method} ${path} answered ${res.status()}`);
      return Date.now();
    });

/** A mark on the page that a reload would wipe. */
const markPage = (page: Page) => page.evaluate(() => ((window as any).__e2eLive = true));
const stillSamePage = async (page: Page, who: string) =>
  assert.equal(await page.evaluate(() => (window as any).__e2eLive), true, `${who} reloaded`);

async function checkLive(watch: Watch, what: string) {
  const made = await watch.madeAt;
  for (const [i, seen] of watch.seen.entries()) {
    const lag = (await seen) - made;
    console.log(`    live: ${what} [${i}] shown ${lag} ms after the change was answered`);
    assert.ok(lag <= LIVE_MS, `${what} [${i}] showed after ${lag} ms (limit ${LIVE_MS} ms)`);
  }
  await stillSamePage(watch.page, what);
}

/** 3a. Before the buyer pays: the seller keeps Your Sales open, with nothing sold yet. */
export const sellerWatchesStep: Step = {
  name: '3a. the seller keeps Your Sales open while a buyer comes',
  async run(w) {
    const { page } = await w.actor('seller');
    await page.goto('/seller-dashboard');
    await page.getByRole('tab', { name: 'Your Sales' }).click();
    await see(page.getByText(/No sales yet/), 'no sales yet');
    await see(page.getByRole('button', { name: 'Notifications', exact: true }), 'the quiet bell');
    await markPage(page);
    const buyer = await w.actor('buyer');
    const watch: Watch = {
      page,
      madeAt: answeredAt(buyer.page, 'POST', /^\/api\/orders$/),
      seen: [
        shownAt(page.getByTestId('sale-card').filter({ hasText: LAMP })),
        shownAt(page.getByRole('button', { name: 'Notifications, 1 unread' })),
      ],
    };
    // Not awaited here: the next step makes the change. A failure is reported when awaited.
    for (const p of [watch.madeAt, ...watch.seen]) p.catch(() => undefined);
    w.data.saleWatch = watch;
  },
};

/** 3b. The sale and its notification reached the open tab within a second, without a reload. */
export const sellerSawSaleStep: Step = {
  name: '3b. the seller’s open Your Sales shows the sale and its notification within 1 s',
  async run(w) {
    const watch: Watch = w.data.saleWatch;
    await checkLive(watch, 'the new sale on Your Sales');
    const { page } = watch;
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const list = await see(page.getByRole('dialog', { name: 'Notifications' }), 'the list');
    await see(list.getByText(/Sale to ship/), 'the sale notification');
    await w.shoot(page, 'notification-bell', { focus: list });
    await see(page.getByRole('button', { name: 'Notifications', exact: true }), 'marked read');
    await page.keyboard.press('Escape');
  },
};

/** 4a. Before the seller ships: the admin keeps Escrow Management open. */
export const adminWatchesStep: Step = {
  name: '4a. the admin keeps Escrow Management open while the seller ships',
  async run(w) {
    const actor = await w.actor('admin');
    const { page } = actor;
    await page.goto('/');
    await connectWallet(actor);
    await navLink(page, 'Admin').click();
    await page.getByRole('tab', { name: 'Escrow Management' }).click();
    await see(page.getByText('No orders pending review.'), 'an empty review queue');
    await markPage(page);
    const seller = await w.actor('seller');
    const card = page.getByRole('article', { name: `Order #${w.data.order.id}` });
    const watch: Watch = {
      page,
      madeAt: answeredAt(seller.page, 'POST', /^\/api\/orders\/\d+\/tracking$/),
      seen: [shownAt(card.filter({ hasText: TRACKING }))],
    };
    for (const p of [watch.madeAt, ...watch.seen]) p.catch(() => undefined);
    w.data.trackingWatch = watch;
  },
};

/** 4b. The upload reached the admin's open queue within a second, without a reload. */
export const adminSawTrackingStep: Step = {
  name: '4b. the admin’s open Escrow Management shows the tracking upload within 1 s',
  async run(w) {
    await checkLive(w.data.trackingWatch, 'the tracking upload on Escrow Management');
    await w.shoot(w.data.trackingWatch.page, 'admin-live-tracking');
    // The next step signs the admin in from a fresh browser, as it always has.
    await w.closeActor('admin');
  },
};
