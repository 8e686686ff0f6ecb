import {test, expect, chooseColorMode} from './helpers';

/**
 * Docusaurus's own behaviour, which our code does not touch: an opt-in project
 * (`npm run test:e2e:docusaurus`), run after a Docusaurus upgrade rather than on every change.
 */
test.describe('colour mode', () => {
  test('a choice made in one tab reaches the other tabs', async ({page, context}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/');
    const other = await context.newPage();
    await other.emulateMedia({colorScheme: 'light'});
    await other.goto('/main/quickstart');
    // A second page is not the fixture's: wait for its app (src/plugins/bundle-diet/ssrTemplate.ts) here.
    await other.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');

    await chooseColorMode(page, 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await other.close();
  });
});

test.describe('scrolling on navigation', () => {
  test('a client-side navigation starts at the top of the new page', async ({page}) => {
    await page.goto('/main/installation/docker-compose');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('.theme-doc-sidebar-menu a[href="/main/architecture"]').click();
    await expect(page).toHaveURL(/\/main\/architecture$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a navigation to another page's anchor lands on the anchor", async ({page}) => {
    const from = '/main/configuration/sentinel/overview';
    await page.goto(from);
    // The first link in the article to an anchor on another page.
    const link = page.locator(`article a[href*="#"]:not([href^="#"]):not([href^="${from}#"])`).first();
    await expect(link).toHaveCount(1);
    const href = (await link.getAttribute('href'))!;
    const [targetPath, hash] = href.split('#');
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === targetPath && url.hash === `#${hash}`);
    const anchor = page.locator(`[id="${decodeURIComponent(hash)}"]`);
    await expect(anchor).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test.describe('prefetching', () => {
  for (const [label, connection] of [
    ['a 2g connection', {effectiveType: '2g', saveData: false}],
    ['data saving', {effectiveType: '4g', saveData: true}],
  ] as const) {
    test(`linked pages are prefetched, except on ${label}`, async ({browser}) => {
      /** Prefetch requests made by a fresh page load. */
      const load = async (emulate: boolean) => {
        const context = await browser.newContext();
        const page = await context.newPage();
        if (emulate) {
          await page.addInitScript((value) => {
            Object.defineProperty(navigator, 'connection', {get: () => value, configurable: true});
          }, connection);
        }
        // Prefetches (<link rel=prefetch>) reach Chromium as resource type "other".
        const prefetched = new Set<string>();
        page.on('request', (request) => {
          if (!/\/assets\/js\/.+\.js$/.test(new URL(request.url()).pathname)) return;
          if (request.resourceType() === 'other') prefetched.add(request.url());
        });
        await page.goto('/main/architecture');
        await page.waitForLoadState('networkidle');
        await context.close();
        return {prefetched: prefetched.size};
      };
      const normal = await load(false);
      const slow = await load(true);
      expect(normal.prefetched, 'visible links prefetched on a normal connection').toBeGreaterThan(0);
      expect(slow.prefetched, `nothing prefetched with ${label}`).toBe(0);
    });
  }
});
