import {test as base, type Page} from '@playwright/test';
import {
  test,
  expect,
  siteRoutes,
  locales,
  localePath,
  notFoundProbe,
  localeOfPath,
  watchPage,
  expectClean,
  navigateInApp,
  countFullLoadFallback,
  type Watch,
} from './helpers';
import {phoneProblems, phoneWidths} from './phone';
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
 *   themes by tests/unit/code-blocks/prism-contrast.test.ts (the code block itself, its scrolling region,
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

const desktop = {width: 1280, height: 720};

/** The system in light mode, motion reduced: set only when it changes, as re-applying it restyles the page. */
const lightPage = (page: Page) => page.emulateMedia({colorScheme: 'light', reducedMotion: 'reduce'});

/**
 * Opens `path` at desktop width, on a page already in light mode with reduced motion (see
 * lightPage). The first page of a language is loaded in full and hydrated; after that, the page
 * moves to the next route as a reader's click would (the router, after the route's code is
 * loaded), which skipped about three quarters of the time of a full load and hydration (1.5 s →
 * 0.36 s a route, measured on six routes). React renders the same markup either way: hydration
 * requires it. The route's HTML is still fetched and must be served in place with
 * `expectedStatus`; its server-rendered markup is checked in Node (tests/html).
 */
async function open(page: Page, origin: string, path: string, expectedStatus: number): Promise<void> {
  // Back to light after a dark pass (only with A11Y_DARK=all: a template page restores it itself).
  if (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) await lightPage(page);
  const url = new URL(path, origin).href;
  const here = page.url().startsWith(origin) ? new URL(page.url()).pathname : null;
  if (expectedStatus !== 200 || here === null || localeOfPath(here) !== localeOfPath(path)) {
    await page.setViewportSize(desktop);
    const response = await page.goto(url);
    expect(response?.status()).toBe(expectedStatus);
  } else {
    const response = await page.request.get(url, {maxRedirects: 0});
    expect(response.status(), `GET ${path}`).toBe(expectedStatus);
    // The page left at a phone's width is hidden while the window widens: otherwise the browser
    // lays out, at desktop width, a page that is about to be replaced (a tenth of a route's time).
    await page.evaluate(() => document.body.style.setProperty('display', 'none'));
    await page.setViewportSize(desktop);
    // The resize event comes with the next frame: let it reach the old page before the route
    // changes (Docusaurus's code blocks measure themselves on resize, and a block being unmounted
    // has no element left to measure).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const arrived = await navigateInApp(page, path, await response.text());
    await page.evaluate(() => document.body.style.removeProperty('display'));
    if (!arrived) {
      countFullLoadFallback(path);
      expect((await page.goto(url))?.status()).toBe(expectedStatus);
    }
  }
  // Served in place: no redirect on the way.
  expect(new URL(page.url()).pathname).toBe(path);
}

/**
 * Every WCAG 2.2 A/AA rule with the system in light mode, then (when `withDark`) the colour
 * rules again with the system in dark mode (the page reloaded, diagrams redrawn).
 */
async function audit(
  page: Page,
  origin: string,
  path: string,
  expectedStatus = 200,
  withDark = true,
  everything = true,
): Promise<string[]> {
  await open(page, origin, path, expectedStatus);
  await settle(page, 'light');
  const builder = (await axe(page)).withTags(wcagTags);
  if (!everything) for (const selector of repeated) builder.exclude(selector);
  const light = await builder.analyze();
  // Guard against a vacuous pass: axe must really have checked contrast and names on this page.
  expect(light.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'document-title']));
  const lightReport = describe(light.violations).map((line) => `[light] ${line}`);
  if (!withDark) return lightReport;

  await page.emulateMedia({colorScheme: 'dark', reducedMotion: 'reduce'});
  await page.reload();
  await settle(page, 'dark');
  const dark = await (await axe(page)).withRules(colourRules).analyze();
  expect(dark.passes.map((rule) => rule.id)).toContain('color-contrast');
  return [...lightReport, ...describe(dark.violations).map((line) => `[dark] ${line}`)];
}

const extraPaths = ['/search'];

/** One page per worker, carried from route to route (see open()), watched during each test. */
const routeTest = base.extend<{reader: {page: Page; watch: Watch}}, {sharedPage: Page}>({
  sharedPage: [
    async ({browser}, use) => {
      const page = await browser.newPage();
      await lightPage(page);
      await use(page);
      await page.context().close();
    },
    {scope: 'worker'},
  ],
  reader: [
    async ({sharedPage, baseURL}, use) => {
      const {watch, stop} = watchPage(sharedPage, new URL(baseURL!).origin);
      await use({page: sharedPage, watch});
      stop();
      expectClean(watch);
    },
    {scope: 'test'},
  ],
});

for (const locale of locales) {
  test.describe(`accessibility (WCAG 2.2 A/AA) in ${locale}`, () => {
    // axe's contrast rule walks every text node: the long API pages need time on a busy machine.
    test.describe.configure({timeout: 180_000});
    for (const path of [...siteRoutes.map((route) => route.path), ...extraPaths]) {
      const target = localePath(path, locale);
      const dark = darkEverywhere || darkTemplates.has(path);
      routeTest(
        `${target}${dark ? ' (light and dark)' : ''}, then at phone widths${darkTemplates.has(path) ? ', with axe' : ''}`,
        async ({reader, baseURL}) => {
          const {page} = reader;
          const everything = darkEverywhere || fullAudit.has(path);
          expect(await audit(page, baseURL!, target, 200, dark, everything), target).toEqual([]);
          expect(await phoneProblems(page), `${target} at phone widths`).toEqual([]);
          if (!darkTemplates.has(path)) return;
          // The template pages once more at a phone's width, in light mode (the navbar collapses,
          // tables stack): every rule, in the same page load.
          await page.setViewportSize({width: phoneWidths[0], height: 844});
          // Back to light here, just before settle() waits for the colours' transitions: switched
          // back earlier (before the phone checks), axe once caught an API table's code still
          // starting its transition from the dark colours.
          await lightPage(page);
          await settle(page, 'light');
          const phone = await (await axe(page)).withTags(wcagTags).analyze();
          expect(describe(phone.violations), `${target} at ${phoneWidths[0]} px`).toEqual([]);
        },
      );
    }

    test(`the not-found page (${locale})`, async ({page, watch, baseURL}) => {
      const target = localePath(notFoundProbe, locale);
      watch.expectedNotFound.push(target);
      await lightPage(page);
      expect(await audit(page, baseURL!, target, 404), `${target}, light and dark`).toEqual([]);
    });

    test(`the search box with its results open (${locale})`, async ({page}) => {
      const violations: string[] = [];
      await page.emulateMedia({colorScheme: 'light', reducedMotion: 'reduce'});
      await page.goto(localePath('/main/quickstart', locale));
      for (const mode of modes) {
        // The site follows the system's colour scheme as it changes: one load serves both modes.
        await page.emulateMedia({colorScheme: mode, reducedMotion: 'reduce'});
        await settle(page, mode);
        const input = page.locator('.navbar__search-input');
        await input.click();
        await input.fill('');
        await input.fill('firewall');
        await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible();
        const results = await (await axe(page)).withTags(wcagTags).include('.navbar').analyze();
        violations.push(...describe(results.violations).map((line) => `[${mode}] ${line}`));
      }
      expect(violations, 'search box, light and dark').toEqual([]);
    });
  });
}
