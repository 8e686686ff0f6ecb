// What a reader's browser fetches to show a page, until the network is idle: every script and
// stylesheet (route chunks and the code blocks' chunk included, prefetches not), as gzip level 9
// bytes, against budgets.json, printed for each page. Deterministic sizes; the timing figures are
// npm run bench's.
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {test, expect, locales, localePath} from './helpers';
import budgets from '../../budgets.json' with {type: 'json'};

/**
 * Pages of each template: guide pages with code blocks, with diagrams and with neither, an API page;
 * and the guide's heaviest two (27 November 2026: 188.5 and 188.3 KiB in Italian, of 74 pages).
 */
const pages = [
  '/',
  '/main/installation/linux',
  '/main/installation/docker-compose',
  '/main/installation/kubernetes',
  '/main/architecture',
  '/main/configuration/sentinel/overview',
  '/api/assets/hosts',
  '/category/installation',
];

/** The app's main bundle, by its hashed file name. */
const mainBundle = /\/main\.[0-9a-f]+\.js$/;

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

/**
 * Counts String.prototype.localeCompare calls from the page's start: ICU's collator, which the
 * first call starts, must stay off the main thread while a page hydrates (src/plugins/bundle-diet/shims/reactUtils.ts).
 */
function countLocaleCompare(): void {
  const original = String.prototype.localeCompare;
  const counted = window as unknown as {__localeCompare: number};
  counted.__localeCompare = 0;
  String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
    counted.__localeCompare += 1;
    return original.apply(this, args);
  };
}

/**
 * Counts Intl.Segmenter constructions from the page's start: the category cards' emoji check built
 * one for every page with cards, beside an expression as costly (src/plugins/bundle-diet/shims/emojiUtils.ts).
 */
function countSegmenters(): void {
  const counted = window as unknown as {__segmenters: number};
  counted.__segmenters = 0;
  const counting = new Proxy(Intl.Segmenter, {
    construct(target, args: ConstructorParameters<typeof Intl.Segmenter>) {
      counted.__segmenters += 1;
      return new target(...args);
    },
  });
  Object.defineProperty(Intl, 'Segmenter', {value: counting, configurable: true, writable: true});
}

// One load of each page, until idle, for its weight and for what the client bundle's code does
// while the page starts: the app loader (src/plugins/bundle-diet/ssrTemplate.ts) requests the scripts only once
// the page has painted (with `<script defer>`, Chromium fetched, ran and hydrated them before its
// first paint); the sidebar's prefetches are one <link> per file, added in idle time
// (src/plugins/bundle-diet/shims/prefetch.ts); the collator is never started (countLocaleCompare above),
// nor a grapheme segmenter (countSegmenters).
for (const locale of locales) {
  for (const path of pages) {
    const target = localePath(path, locale);
    const budget = budgets.untilIdleGzip;
    test(`${target} fetches at most ${budget} bytes of gzip scripts and styles until idle, paints first, prefetches each file once`, async ({
      page,
    }) => {
      await page.addInitScript(countLocaleCompare);
      await page.addInitScript(countSegmenters);
      const assets = recordAssets(page);
      await page.goto(target);
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(assets.map(async ({path: asset, gzip}) => ({asset, gzip: await gzip})));
      const total = sizes.reduce((sum, {gzip}) => sum + gzip, 0);
      const listing = sizes.map(({asset, gzip}) => `${asset} ${gzip}`).join('\n');
      // Positive control: the page's own scripts and stylesheet were seen.
      expect(
        sizes.some(({asset}) => mainBundle.test(asset)),
        listing,
      ).toBe(true);
      expect(
        sizes.some(({asset}) => asset.endsWith('.css')),
        listing,
      ).toBe(true);
      expect(total, listing).toBeLessThanOrEqual(budget);
      // The figure itself, for notes and pull requests (npm run bench weighs the first load only).
      console.log(`until idle: ${target} ${total} bytes of gzip (${(total / 1024).toFixed(1)} KiB)`);

      const {paint, script, compares, segmenters, prefetched} = await page.evaluate(
        (source) => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          script: performance.getEntriesByType('resource').find(({name}) => new RegExp(source).test(name))?.startTime,
          compares: (window as unknown as {__localeCompare: number}).__localeCompare,
          segmenters: (window as unknown as {__segmenters: number}).__segmenters,
          prefetched: Array.from(document.querySelectorAll('link[rel="prefetch"]'), (link) =>
            link.getAttribute('href'),
          ),
        }),
        mainBundle.source,
      );
      expect(paint, 'first contentful paint').toBeDefined();
      expect(script, 'main bundle requested').toBeDefined();
      expect(paint!, 'painted before the main bundle was requested').toBeLessThan(script!);
      expect(compares, 'localeCompare calls').toBe(0);
      expect(segmenters, 'Intl.Segmenter constructions').toBe(0);
      expect(prefetched.length, "the visible links' files are prefetched").toBeGreaterThan(0);
      expect(new Set(prefetched).size, prefetched.join(' ')).toBe(prefetched.length);
    });
  }
}
