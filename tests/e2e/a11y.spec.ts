import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, siteRoutes, locales, localePath, notFoundProbe} from './helpers';

/** The WCAG 2.2 A and AA rule sets of axe-core (2.0 and 2.1 rules included, as WCAG 2.2 contains them). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const modes = ['light', 'dark'] as const;

/** Readable report of axe violations: rule, impact, and the first few offending nodes. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
      .join('\n');
    return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes}`;
  });
}

/** The violations of one page in one colour mode (reported, not asserted, so both modes show up in one run). */
async function audit(page: Page, path: string, mode: (typeof modes)[number], expectedStatus = 200): Promise<string[]> {
  await page.emulateMedia({colorScheme: mode, reducedMotion: 'reduce'});
  const response = await page.goto(path);
  expect(response?.status()).toBe(expectedStatus);
  // The site follows the system preference until the reader picks a mode.
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({page}).withTags(wcagTags).analyze();
  // Guard against a vacuous pass: axe must really have checked contrast and names on this page.
  expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'document-title']));
  return describe(results.violations).map((line) => `[${mode}] ${line}`);
}

const extraPaths = ['/search'];

for (const locale of locales) {
  test.describe(`accessibility (WCAG 2.2 A/AA) in ${locale}`, () => {
    for (const path of [...siteRoutes.map((route) => route.path), ...extraPaths]) {
      const target = localePath(path, locale);
      test(`${target}`, async ({page}) => {
        const violations: string[] = [];
        for (const mode of modes) violations.push(...(await audit(page, target, mode)));
        expect(violations, `${target}, light and dark`).toEqual([]);
      });
    }

    test(`the not-found page (${locale})`, async ({page, watch}) => {
      const target = localePath(notFoundProbe, locale);
      watch.expectedNotFound.push(target);
      const violations: string[] = [];
      for (const mode of modes) violations.push(...(await audit(page, target, mode, 404)));
      expect(violations, `${target}, light and dark`).toEqual([]);
    });

    test(`the search box with its results open (${locale})`, async ({page}) => {
      const violations: string[] = [];
      for (const mode of modes) {
        await page.emulateMedia({colorScheme: mode, reducedMotion: 'reduce'});
        await page.goto(localePath('/main/quickstart', locale));
        const input = page.locator('.navbar__search-input');
        await input.click();
        await input.fill('firewall');
        await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible();
        const results = await new AxeBuilder({page}).withTags(wcagTags).include('.navbar').analyze();
        violations.push(...describe(results.violations).map((line) => `[${mode}] ${line}`));
      }
      expect(violations, 'search box, light and dark').toEqual([]);
    });
  });
}
