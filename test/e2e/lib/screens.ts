import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { assertAccessible } from './axe';

const WIDTHS = [1280, 390] as const;

/**
 * Screenshots of the current screen at desktop and phone widths, into `dir`: the whole page, or
 * with `focus` (an open dialog's part worth seeing) the viewport scrolled to it, since a
 * full-page shot of a fixed dialog shows only its top. With `axe`, every screen shot is also
 * checked with axe (WCAG 2.0/2.1 A and AA) at both widths: a violation fails the step.
 */
export function screenshotter(dir: string, checks: { axe: boolean }) {
  let counter = 0;
  return async function shoot(page: Page, name: string, opts: { focus?: Locator } = {}) {
    await mkdir(dir, { recursive: true });
    const size = page.viewportSize() ?? { width: 1280, height: 800 };
    const prefix = String(++counter).padStart(2, '0');
    const files: string[] = [];
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
        await opts.focus?.first().scrollIntoViewIfNeeded();
        await page.waitForTimeout(150);
        const file = path.join(dir, `${prefix}-${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: !opts.focus });
        files.push(file);
        if (checks.axe) await assertAccessible(page, `${name} at ${width} px`);
      }
    } finally {
      await page.setViewportSize(size);
    }
    return files;
  };
}

export type Shoot = ReturnType<typeof screenshotter>;
