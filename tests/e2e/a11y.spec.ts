import type {Page} from '@playwright/test';
import {test, expect, siteRoutes, locales, localePath, notFoundProbe} from './helpers';
import {phoneProblems} from './phone';
import {axe, describeViolations as describe, wcagTags} from './axe';

const modes = ['light', 'dark'] as const;

/** Rules whose outcome depends on colours: the only ones the dark pass needs to run again. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Each route is loaded once: axe at desktop width, then the phone-width checks of ./phone.ts.
 *
 * The dark pass runs on one page per template (home, guide, API, category, search, not-found):
 * the templates share one stylesheet, so a colour problem shows on its template's page. Set
 * A11Y_DARK=all after changing colours to audit every route in dark mode too.
 */
const darkTemplates = new Set([
  '/',
  '/main/architecture',
  '/api/analysis/alerts',
  '/category/configuration',
  '/search',
]);
const darkEverywhere = process.env.A11Y_DARK === 'all';

/**
 * What every page repeats is audited in full on the pages below (the template pages and the
 * longest code page) and skipped elsewhere, where it was most of axe's time:
 * - code lines, thousands of token spans on the long pages; their colours are proven for both
 *   themes by tests/unit/prism-contrast.test.ts (the code block itself, its scrolling region,
 *   name and background, is audited everywhere);
 * - the layout around the content: navbar, sidebar and footer are the same components on every
 *   page of a template, and the template pages show each of them, an active sidebar item included.
 */
const fullAudit = new Set(['/main/installation/kubernetes', ...darkTemplates]);
const repeated = ['.token-line', '.navbar', '.theme-doc-sidebar-container', '.footer'];

/** Waits until the page is hydrated in `mode` (diagrams are static SVG, drawn at build time). */
async function settle(page: Page, mode: (typeof modes)[number]): Promise<void> {
  // The site follows the system preference until the reader picks a mode.
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode, {timeout: 20_000});
  // Docusaurus marks the document once React has hydrated it.
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: 20_000});

  // Let running CSS transitions end, so that axe reads the final colours (a colour caught
  // mid-transition gave one false contrast failure on a loaded machine). Endless animations are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Every WCAG 2.2 A/AA rule with the system in light mode, then (when `withDark`) the colour
 * rules again with the system in dark mode (the page reloaded, diagrams redrawn).
 */
async function audit(
  page: Page,
  path: string,
  expectedStatus = 200,
  withDark = true,
  everything = true,
): Promise<string[]> {
  await page.emulateMedia({colorScheme: 'light', reducedMotion: 'reduce'});
  const response = await page.goto(path);
  expect(response?.status()).toBe(expectedStatus);
  // Served in place: no redirect on the way.
  expect(new URL(page.url()).pathname).toBe(path);
  await settle(page, 'light');
  const builder = axe(page).withTags(wcagTags);
  if (!everything) for (const selector of repeated) builder.exclude(selector);
  const light = await builder.analyze();
  // Guard against a vacuous pass: axe must really have checked contrast and names on this page.
  expect(light.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'document-title']));
  const lightReport = describe(light.violations).map((line) => `[light] ${line}`);
  if (!withDark) return lightReport;

  await page.emulateMedia({colorScheme: 'dark', reducedMotion: 'reduce'});
  await page.reload();
  await settle(page, 'dark');
  const dark = await axe(page).withRules(colourRules).analyze();
  expect(dark.passes.map((rule) => rule.id)).toContain('color-contrast');
  return [...lightReport, ...describe(dark.violations).map((line) => `[dark] ${line}`)];
}

const extraPaths = ['/search'];

for (const locale of locales) {
  test.describe(`accessibility (WCAG 2.2 A/AA) in ${locale}`, () => {
    // axe's contrast rule walks every text node: the long API pages need time on a busy machine.
    test.describe.configure({timeout: 180_000});
    for (const path of [...siteRoutes.map((route) => route.path), ...extraPaths]) {
      const target = localePath(path, locale);
      const dark = darkEverywhere || darkTemplates.has(path);
      test(`${target}${dark ? ' (light and dark)' : ''}, then at phone widths`, async ({page}) => {
        expect(await audit(page, target, 200, dark, darkEverywhere || fullAudit.has(path)), target).toEqual([]);
        expect(await phoneProblems(page), `${target} at phone widths`).toEqual([]);
      });
    }

    test(`the not-found page (${locale})`, async ({page, watch}) => {
      const target = localePath(notFoundProbe, locale);
      watch.expectedNotFound.push(target);
      expect(await audit(page, target, 404), `${target}, light and dark`).toEqual([]);
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
        const results = await axe(page).withTags(wcagTags).include('.navbar').analyze();
        violations.push(...describe(results.violations).map((line) => `[${mode}] ${line}`));
      }
      expect(violations, 'search box, light and dark').toEqual([]);
    });
  });
}
