import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Step } from '../lib/runner';
import { connectWallet, see } from '../lib/ui';

/** Issue 14's scale: the marketplace and Product Management with this many products. */
export const SCALE_PRODUCTS = 1_000;
/** The goals: a bounded marketplace page; Product Management drawn quickly. */
const DOM_GOAL = 3_000;
const PAINT_GOAL_MS = 300;
/** Far above the goal, so a slow CI machine does not fail the run, but the old 2.3 s would. */
const PAINT_LIMIT_MS = 1_000;
/**
 * The cold load (a reload of /admin-dashboard with the admin's wallet remembered) is timed this
 * many times; the median counts. Its bound is above the goal: on the shared 2-core machine the
 * same build measures 230-260 ms at load 3 and 350-380 ms at load 7. The printed request times
 * show the waterfall is gone: the list is asked for as soon as the session answers (the rule is
 * test/web/admin/admin-reload.test.tsx's).
 */
const COLD_LOADS = 5;
const COLD_LIMIT_MS = 500;

/**
 * Milliseconds since `since` (performance.now() in the page) until `selector` is in the page and
 * a frame has been drawn with it. A string, so the test's compiler adds no helpers to it.
 */
const paintedAfter = (page: Page, selector: string, since: number) =>
  page.evaluate<number>(`new Promise((resolve, reject) => {
    const css = ${JSON.stringify(selector)};
    setTimeout(() => reject(new Error('never drawn: ' + css)), 15000);
    const tick = () =>
      document.querySelector(css)
        ? requestAnimationFrame(() => resolve(performance.now() - ${since}))
        : requestAnimationFrame(tick);
    tick();
  })`);

async function seed(w: Parameters<Step['run']>[0]): Promise<void> {
  const existing = (await w.api.public.get('/api/products?limit=200')).length;
  let next = 0;
  const one = async () => {
    for (let n = next++; n < SCALE_PRODUCTS - existing; n = next++) {
      await w.api.seller.post('/api/products', {
        name: `Scale Item ${n + 1}`,
        description: `Listing ${n + 1} of a thousand, for measuring the screens at scale.`,
        price: `${(n % 90) + 1}.25`,
        category: ['digital-goods', 'physical-items', 'services', 'other'][n % 4],
        condition: 'good',
        location: n % 2 ? 'Porto' : null,
        status: 'active',
        quantity: 3,
        requiresAddress: false,
        requiresEmail: false,
        requiresName: false,
        imageUrl: null,
        sellerId: w.data.sellerId,
      });
    }
  };
  await Promise.all(Array.from({ length: 6 }, one));
}

/** Scrolls to the end until no page is left to load; returns the DOM's element count. */
async function scrollToEnd(page: Page): Promise<{ nodes: number; cards: number }> {
  const status = page.getByTestId('results-status');
  for (let i = 0; i < 200; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(60);
    const text = (await status.textContent()) ?? '';
    if (/products shown$/.test(text) && !(await page.getByText('Loading more...').count())) break;
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    cards: document.querySelectorAll('[data-testid="product-card"]').length,
  }));
}

/**
 * 10. With 1,000 products (listed by the seller through the API): the marketplace's DOM after
 * scrolling to the end, and Product Management's first paint. Prints the figures.
 */
export const scaleStep: Step = {
  name: `10. with ${SCALE_PRODUCTS.toLocaleString('en')} products: marketplace DOM bounded, Product Management paints fast`,
  once: true,
  async run(w) {
    // The open screens would follow each new listing live; the measurement opens its own.
    for (const role of ['visitor', 'buyer', 'seller', 'admin', 'phantom'] as const) {
      await w.closeActor(role);
    }
    const seeded = Date.now();
    await seed(w);
    const seedMs = Date.now() - seeded;

    const { page } = await w.actor('visitor');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await see(page.getByTestId('product-card'), 'the marketplace');
    const atEnd = await scrollToEnd(page);
    const announced = (await page.getByTestId('results-status').textContent()) ?? '';
    const shown = Number(/^(\d+) products shown$/.exec(announced)?.[1] ?? 0);
    assert.ok(shown >= SCALE_PRODUCTS, `all ${SCALE_PRODUCTS} loaded, announced "${announced}"`);
    const last = await page.evaluate(() => {
      const names = [...document.querySelectorAll('[data-testid="product-card"] h3')];
      return names.at(-1)?.textContent ?? '';
    });
    await page.getByRole('button', { name: last, exact: true }).click();
    const dialog = await see(page.getByRole('dialog', { name: last }), 'the last card opens');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const adminActor = await w.actor('admin');
    const admin = adminActor.page;
    await admin.goto('/');
    await connectWallet(adminActor);
    const row = '[role="tabpanel"] article[aria-label]';
    const cold: { ms: number; listAsked: number; listAnswered: number; sessionAnswered: number }[] =
      [];
    for (let i = 0; i < COLD_LOADS; i++) {
      // From the navigation's commit, so the wait below starts before the list can be drawn.
      await admin.goto('/admin-dashboard', { waitUntil: 'commit' });
      const ms = await paintedAfter(admin, row, 0);
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      const requests = await admin.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const list = entries.find((e) => e.name.includes('/api/admin/products'));
        const session = entries.find((e) => e.name.includes('/api/auth/session'));
        return {
          listAsked: list?.startTime ?? NaN,
          listAnswered: list?.responseEnd ?? NaN,
          sessionAnswered: session?.responseEnd ?? NaN,
        };
      });
      cold.push({ ms, ...requests });
    }
    const median = [...cold].sort((a, b) => a.ms - b.ms)[COLD_LOADS >> 1]!;
    const fromNavigation = median.ms;
    await admin.getByRole('tab', { name: 'Escrow Management' }).click();
    const t0 = await admin.evaluate(() => {
      const now = performance.now();
      const tab = [...document.querySelectorAll('[role="tab"]')].find((t) =>
        t.textContent?.includes('Product Management'),
      ) as HTMLElement;
      tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      tab.click();
      return now;
    });
    const fromTab = await paintedAfter(admin, row, t0);
    await w.shoot(admin, 'admin-products-at-scale');

    process.stdout.write(
      `     [${w.backend}] scale: ${SCALE_PRODUCTS} products listed through the API in ` +
        `${(seedMs / 1000).toFixed(1)} s\n` +
        `     [${w.backend}] scale: marketplace after scrolling to the end at 1280 px: ` +
        `${atEnd.nodes} DOM elements, ${atEnd.cards} cards in the page of ${shown} loaded ` +
        `(goal < ${DOM_GOAL})\n` +
        `     [${w.backend}] scale: Admin Product Management first paint: ` +
        `${fromTab.toFixed(0)} ms after opening its tab, ${fromNavigation.toFixed(0)} ms ` +
        `after navigation start (median of ${COLD_LOADS} reloads: ` +
        `${cold.map((c) => c.ms.toFixed(0)).join(', ')}; the list asked at ` +
        `${median.listAsked.toFixed(0)} ms, answered at ${median.listAnswered.toFixed(0)} ms, ` +
        `the session answered at ${median.sessionAnswered.toFixed(0)} ms) (goal < ${PAINT_GOAL_MS} ms` +
        `${fromNavigation < PAINT_GOAL_MS ? ', met' : ', NOT met'})\n`,
    );
    assert.ok(atEnd.nodes < DOM_GOAL, `${atEnd.nodes} DOM elements (goal < ${DOM_GOAL})`);
    assert.ok(fromTab < PAINT_LIMIT_MS, `Product Management painted in ${fromTab} ms`);
    assert.ok(
      fromNavigation < COLD_LIMIT_MS,
      `Product Management painted ${fromNavigation} ms after navigation start (a reload)`,
    );
  },
};
