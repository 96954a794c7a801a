import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's own script, put into the page as it is (no wrapper package between it and us).
const { source } = createRequire(import.meta.url)('axe-core') as { source: string };

/** The rules run: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The axe-core violations of the page as it is now, one line per element: `rule: what (where)`.
 * An empty list is a page axe finds nothing on.
 *
 * @example
 * expect(await axeViolations(page), 'axe on the sign-in page').toEqual([]);
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: source });
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations as Violation[]),
    TAGS,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}${
          node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ').trim()})` : ''
        }`,
    ),
  );
}

/** The two widths every page of the demo is checked at. */
export const AXE_WIDTHS = [1440, 390] as const;

/**
 * `axeViolations` at 1440 px and at 390 px (the window is resized, then put back), each line
 * prefixed with its width.
 *
 * @example
 * expect(await axeViolationsAtBothWidths(page)).toEqual([]);
 */
export async function axeViolationsAtBothWidths(page: Page): Promise<string[]> {
  const before = page.viewportSize();
  const found: string[] = [];
  try {
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: before?.height ?? 900 });
      found.push(...(await axeViolations(page)).map((line) => `${width} px: ${line}`));
    }
  } finally {
    if (before) await page.setViewportSize(before);
  }
  return found;
}
