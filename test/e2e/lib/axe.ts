import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 levels A and AA rules (issue 14: 0 violations on every screen). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Best-practice rules checked as well: headings that skip a level leave a screen reader's
 * outline with a gap (product cards were h3 straight under the page's h1).
 */
export const AXE_EXTRA_RULES = ['heading-order'];

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (evaluated over the DevTools protocol, so the product's CSP, which
 * refuses inline scripts, stays as it is) and throws when any WCAG A/AA rule fails, naming the
 * rule and the elements.
 */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(await AXE_SOURCE);
  const violations = await page.evaluate(
    ({ tags, extra }) =>
      (
        window as unknown as {
          axe: { run: (...a: unknown[]) => Promise<{ violations: Violation[] }> };
        }
      ).axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
          resultTypes: ['violations'],
        })
        .then((r) => r.violations),
    { tags: AXE_TAGS, extra: AXE_EXTRA_RULES },
  );
  if (violations.length === 0) return;
  const lines = violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes
      .slice(0, 3)
      .map((n) => `  at ${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`),
  ]);
  throw new Error(
    `axe found ${violations.length} WCAG A/AA or heading-order violation(s) on ${screen}:\n${lines.join('\n')}`,
  );
}
