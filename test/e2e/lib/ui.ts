import type { Locator, Page } from 'playwright-core';
import type { Actor } from './browser';

/** Retries `check` until it stops throwing or `timeoutMs` passes; then throws its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Waits for a visible element; the error names what was expected. */
export async function see(locator: Locator, what: string, timeout = 15_000): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`Expected on screen: ${what}`);
  }
  return locator.first();
}

/** Fails when the element is (still) visible after a short settle. */
export async function notSee(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`Expected NOT on screen: ${what}`);
  }
}

export const toast = (page: Page, title: string) =>
  // By CSS: an open dialog hides the toast region from the accessibility tree (aria-hidden).
  see(page.locator('li[data-state="open"]', { hasText: title }), `toast "${title}"`, 20_000);

export const shortAddress = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

export const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Opens the connect dialog, picks the actor's wallet by name and waits until signed in. */
export async function connectWallet(actor: Actor): Promise<void> {
  const { page, wallet } = actor;
  if (!wallet) throw new Error(`${actor.name} has no wallet`);
  const signedBefore = wallet.messages.length;
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = await see(page.getByRole('dialog', { name: 'Connect Your Wallet' }), 'dialog');
  await dialog.getByRole('button', { name: wallet.label }).click();
  await toast(page, 'Wallet Connected');
  await see(page.getByText(shortAddress(wallet.address)), 'the shortened wallet address');
  await eventually(async () => {
    if (wallet.messages.length <= signedBefore)
      throw new Error('the wallet was never asked to sign in');
  });
  await notSee(page.getByText('Sign in to buy or sell'), 'the sign-in banner');
}

/** The product card in the marketplace grid with this name. */
export const productCard = (page: Page, name: string) =>
  page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Types into the marketplace search box and waits for the debounced URL update. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('search') ?? '') === text);
}

/** Closes a dialog with its own close button and waits until it is gone. */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Fails unless `locator` holds the keyboard focus (a dialog gave it back, or moved it there). */
export async function assertFocused(locator: Locator, what: string): Promise<void> {
  await eventually(async () => {
    const focused = await locator.first().evaluate((el) => el === document.activeElement);
    if (!focused) {
      const active = await locator
        .page()
        .evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
      throw new Error(`Expected the focus on ${what}; it is on ${active}`);
    }
  }, 3_000);
}

/**
 * At 390 px the navigation bar is one row: the brand, the wallet control and the menu button
 * share a line and the header is no taller than that line.
 */
export async function assertOneRowBar(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Toggle menu' });
    await see(menu, 'the menu button at 390 px');
    const boxes = await Promise.all(
      [header, header.getByRole('link').first(), menu].map((l) => l.first().boundingBox()),
    );
    const [bar, brand, toggle] = boxes.map((b) => b!);
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    if (bar!.height > 72 || Math.abs(middle(brand!) - middle(toggle!)) > 4) {
      throw new Error(
        `The bar wraps at 390 px: header ${bar!.height} px tall, brand at y=${brand!.y}, ` +
          `menu button at y=${toggle!.y}`,
      );
    }
  } finally {
    await page.setViewportSize(size);
  }
}
