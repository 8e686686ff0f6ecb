import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** The WCAG 2.2 A and AA rule sets of axe-core (2.0 and 2.1 rules included, as WCAG 2.2 contains them). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe run in the page itself (legacy mode: the pages have no frames, and the default mode's extra
 * blank page for each result doubled the time of every audit), with full details for violations
 * only: axe then skips building a selector for each of the thousands of passing text nodes, which
 * was most of an audit's time on long pages. Passing rules are still listed, with one node each.
 * AxeBuilder evaluates axe's 550 kB source in the page twice before each audit; a page the audits
 * reach by client-side navigation still holds it, so it then gets an empty source instead.
 */
export async function axe(page: Page): Promise<AxeBuilder> {
  const present = await page.evaluate(() => typeof (window as {axe?: {run?: unknown}}).axe?.run === 'function');
  return new AxeBuilder({page, axeSource: present ? ';' : undefined})
    .setLegacyMode(true)
    .options({resultTypes: ['violations']});
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** Readable report of axe violations: rule, impact, and the first few offending nodes. */
export function describeViolations(violations: Violations): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
      .join('\n');
    return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes}`;
  });
}
