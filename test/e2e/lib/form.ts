import type { Locator } from 'playwright-core';

/**
 * Picks an option (by value or visible text) in a native <select> or a listbox-style select
 * found by its label.
 */
export async function choose(scope: Locator, label: string, option: string) {
  const field = scope.getByLabel(label, { exact: true });
  const tag = await field.evaluate((el) => el.tagName);
  if (tag === 'SELECT') {
    await field.selectOption(option);
    return;
  }
  await field.click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}
