// What a reader's browser fetches to show a page, until the network is idle: every script and
// stylesheet (route chunks and the code blocks' chunk included, prefetches not), as gzip level 9
// bytes, against budgets.json. Deterministic sizes; the timing figures are npm run bench's.
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {test, expect, locales, localePath} from './helpers';
import budgets from '../../budgets.json' with {type: 'json'};

/** Pages of each template: guide pages with code blocks, with diagrams and with neither, an API page. */
const pages = [
  '/',
  '/main/installation/linux',
  '/main/architecture',
  '/main/configuration/sentinel/overview',
  '/api/assets/hosts',
  '/category/installation',
];

/** Records the scripts and stylesheets the page fetches, with their gzip size. */
function recordAssets(page: Page): Array<{path: string; gzip: Promise<number>}> {
  const seen: Array<{path: string; gzip: Promise<number>}> = [];
  page.on('response', (response) => {
    if (!['script', 'stylesheet'].includes(response.request().resourceType())) return;
    const gzip = response.body().then((body) => gzipSync(body, {level: 9}).length);
    seen.push({path: new URL(response.url()).pathname, gzip});
  });
  return seen;
}

for (const locale of locales) {
  for (const path of pages) {
    const target = localePath(path, locale);
    const budget = budgets.untilIdleGzip;
    test(`${target} fetches at most ${budget} bytes of gzip scripts and styles until idle`, async ({page}) => {
      const assets = recordAssets(page);
      await page.goto(target);
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(assets.map(async ({path: asset, gzip}) => ({asset, gzip: await gzip})));
      const total = sizes.reduce((sum, {gzip}) => sum + gzip, 0);
      const listing = sizes.map(({asset, gzip}) => `${asset} ${gzip}`).join('\n');
      // Positive control: the page's own scripts and stylesheet were seen.
      expect(
        sizes.some(({asset}) => /\/main\.[0-9a-f]+\.js$/.test(asset)),
        listing,
      ).toBe(true);
      expect(
        sizes.some(({asset}) => asset.endsWith('.css')),
        listing,
      ).toBe(true);
      expect(total, listing).toBeLessThanOrEqual(budget);
    });
  }
}

// The app loader (src/utils/ssrTemplate.ts) requests the scripts only once the page has painted:
// with `<script defer>`, Chromium fetched, ran and hydrated them before its first paint.
for (const locale of locales) {
  test(`${locale}: every page paints before it requests the app's scripts`, async ({page}) => {
    for (const path of pages) {
      await page.goto(localePath(path, locale));
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      const {paint, script} = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        script: performance.getEntriesByType('resource').find(({name}) => /\/main\.[0-9a-f]+\.js$/.test(name))
          ?.startTime,
      }));
      expect(paint, `${path}: first contentful paint`).toBeDefined();
      expect(script, `${path}: main bundle requested`).toBeDefined();
      expect(paint!, path).toBeLessThan(script!);
    }
  });
}
