// axe-core in the page under test (decision 0054): the serious and critical violations, one line per node, with
// what axe found wrong there (for contrast, the two colours and the ratio).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Serious and critical violations on the page as it is now (or only in the part `include` selects), once its fonts
 * are in and its animations done, so that colours are measured as they end up, not half-faded.
 */
export async function findViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (selector) =>
      (
        window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }
      ).axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] }),
    include ?? null,
  );
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const help = node.failureSummary?.split('\n').slice(1).join(' ').trim() || violation.help;
        return `${violation.id} (${violation.impact}): ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${help}`;
      }),
    );
}
