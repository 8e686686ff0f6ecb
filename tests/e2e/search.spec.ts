import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import budgets from '../../budgets.json' with {type: 'json'};
import questions from '../fixtures/search-questions.json' with {type: 'json'};
import {test, expect, localePath, localeOfPath, pathOf} from './helpers';

/**
 * Offline search: the theme's search bar and page, with results from each language's Pagefind
 * index (src/plugins/search/client/pagefind.ts), fetched from the site itself, in parts, once the reader searches;
 * English and Italian stemming. The built bundles themselves: tests/html/search.test.ts.
 *
 * Each query is an inflected form that appears nowhere in its language's pages (checked there):
 * only stemming can match it to the page that uses the base form.
 */
const cases = [
  {
    locale: 'en',
    query: 'architectures',
    base: 'architecture',
    target: '/main/architecture',
    title: 'Architecture',
    // A typical first search of the administrator queries below: three words, each its own index part.
    longQuery: 'block an ip address',
  },
  {
    locale: 'it',
    query: 'architetture',
    base: 'architettura',
    target: '/it/main/architecture',
    title: 'Architettura',
    longQuery: 'verificare integrità dei file',
  },
] as const;

/** The first questions readers ask (all of them: tests/html/search-relevance.test.ts), here through the search page. */
const adminQueries = {
  en: questions.en.slice(0, 10),
  it: questions.it.slice(0, 10).map(([query, target]) => [query, localePath(target, 'it')]),
};

/** The search bundle's files (Pagefind's code, index and result texts) the page fetches from now on, with their gzip size. */
function recordSearchFiles(page: Page): Array<{path: string; gzip: Promise<number>}> {
  const seen: Array<{path: string; gzip: Promise<number>}> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.includes('/pagefind/')) return;
    const gzip = response.body().then(
      (body) => gzipSync(body, {level: 9}).length,
      () => 0,
    );
    seen.push({path: url.pathname, gzip});
  });
  return seen;
}

/**
 * The distinct pages the search page lists for a query, in order. The first query loads the page;
 * later ones are typed into its box, as a reader refines a search: the box is cleared first, which
 * empties the list, so the links read are the new query's.
 */
async function searchPageResults(page: Page, locale: 'en' | 'it', query: string): Promise<string[]> {
  const box = page.locator('input[name="q"]');
  const results = page.locator('article h2 a');
  if (pathOf(page) === localePath('/search', locale)) {
    await box.fill('');
    await expect(results).toHaveCount(0);
    await box.fill(query);
  } else {
    await page.goto(`${localePath('/search', locale)}?q=${encodeURIComponent(query)}`);
  }
  await expect(page.locator('h1')).toContainText(query);
  await expect(results.first()).toBeVisible();
  const hrefs = await results.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(hrefs)];
}

for (const c of cases) {
  test.describe(`search (${c.locale})`, () => {
    test(`the index loads only once the reader starts searching, and an inflected query finds ${c.target}`, async ({
      page,
    }) => {
      const requested = recordSearchFiles(page);
      await page.goto(localePath('/main/quickstart', c.locale));
      await page.waitForLoadState('networkidle');
      expect(requested, 'no search file requested before the reader searches').toEqual([]);

      const input = page.locator('.navbar__search-input');
      await expect(input).toHaveAttribute('aria-label', c.locale === 'it' ? 'Cerca' : 'Search');
      await expect(input).toHaveAttribute('placeholder', c.locale === 'it' ? 'Cerca' : 'Search');

      // The keyboard shortcut focuses the box, which fetches this language's search code and entry file.
      await page.locator('body').press('Control+k');
      await expect(input).toBeFocused();
      const bundle = localePath('/pagefind/', c.locale);
      await expect.poll(() => requested.map((file) => file.path)).toContain(`${bundle}pagefind-entry.json`);

      await input.fill(c.query);
      const first = page.locator('[role="listbox"] [role="option"]').first();
      await expect(first.locator('[class*="hitTitle"]')).toHaveText(c.title);
      await input.press('Enter');
      await expect.poll(() => pathOf(page)).toBe(c.target);
      expect(new URL(page.url()).searchParams.get('_highlight')).toBe(c.query);
      // Only this language's bundle was read.
      expect(requested.filter((file) => !file.path.startsWith(bundle))).toEqual([]);
    });

    test(`a first search of several words fetches at most ${budgets.firstSearchGzip} bytes of gzip, and the next reuses them (${c.locale})`, async ({
      page,
    }) => {
      await page.goto(localePath('/main/quickstart', c.locale));
      await page.waitForLoadState('networkidle');
      // What the engine fetches from now on: Pagefind's code, WebAssembly, index parts and result
      // texts. Not counted: the search bar's own chunks from the site's bundle (the theme's
      // autocomplete widget, about 18 KB, our Pagefind adapter, 1.5 KB, and the stop-word list,
      // under 1 KB), as before Pagefind.
      const requested = recordSearchFiles(page);
      const input = page.locator('.navbar__search-input');
      await input.click();
      await input.fill(c.longQuery);
      const options = page.locator('[role="listbox"] [role="option"]');
      await expect(options.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(requested.map((file) => file.gzip));
      const total = sizes.reduce((sum, size) => sum + size, 0);
      const listing = requested.map((file, i) => `${file.path} ${sizes[i]}`).join('\n');
      expect(total, listing).toBeLessThanOrEqual(budgets.firstSearchGzip);
      // A positive control: the engine, its WebAssembly, the index and result texts were counted.
      const paths = requested.map((file) => file.path);
      for (const kind of [/pagefind\.js$/, /\.pagefind$/, /\.pf_index$/, /\.pf_fragment$/]) {
        expect(
          paths.some((path) => kind.test(path)),
          `${kind}\n${listing}`,
        ).toBe(true);
      }
      // One more word: nothing already loaded is fetched again.
      const before = requested.length;
      await input.fill(`${c.longQuery} ${c.base}`);
      await expect(options.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const again = requested.slice(before).map((file) => file.path);
      expect(again.filter((path) => paths.includes(path))).toEqual([]);
    });

    test(`typical administrator queries find their page among the first five (${c.locale})`, async ({page}) => {
      const missed: string[] = [];
      for (const [query, target] of adminQueries[c.locale]) {
        const top = (await searchPageResults(page, c.locale, query)).slice(0, 5);
        if (!top.includes(target)) missed.push(`"${query}": ${target} not in ${top.join(', ')}`);
      }
      expect(missed).toEqual([]);
    });

    test(`the target page highlights the searched word (${c.locale})`, async ({page}) => {
      await page.goto(localePath('/main/quickstart', c.locale));
      const input = page.locator('.navbar__search-input');
      await input.click();
      await input.fill(c.base);
      await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible();
      await input.press('Enter');
      await expect.poll(() => pathOf(page)).toBe(c.target);
      const marks = page.locator('article mark');
      await expect(marks.first()).toBeVisible();
      const words = await marks.allTextContents();
      expect(words.every((word) => word.toLowerCase() === c.base)).toBe(true);
    });

    test(`the search page lists only ${c.locale} results, with its strings in that language`, async ({page}) => {
      await page.goto(`${localePath('/search', c.locale)}?q=${c.query}`);
      await expect(page.locator('html')).toHaveAttribute('lang', c.locale);
      const heading = c.locale === 'it' ? `Risultati della ricerca di "${c.query}"` : `Search results for "${c.query}"`;
      await expect(page.locator('h1')).toHaveText(heading);
      await expect(page.locator('input[name="q"]')).toHaveAttribute(
        'aria-label',
        c.locale === 'it' ? 'Cerca' : 'Search',
      );
      const results = page.locator('article h2 a');
      await expect(results.first()).toBeVisible();
      await expect(page.getByText(c.locale === 'it' ? /\d+ documenti trovati/ : /\d+ documents found/)).toBeVisible();
      const hrefs = await results.evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
      expect(hrefs[0]).toBe(c.target);
      const otherLanguage = hrefs.filter((href) => localeOfPath(href) !== c.locale);
      expect(otherLanguage).toEqual([]);
    });

    test(`an empty search page and a query with no match say so in ${c.locale}`, async ({page}) => {
      await page.goto(localePath('/search', c.locale));
      await expect(page.locator('h1')).toHaveText(
        c.locale === 'it' ? 'Cerca nella documentazione' : 'Search the documentation',
      );
      await page.locator('input[name="q"]').fill('zzqqxxnothing');
      await expect(
        page.getByText(c.locale === 'it' ? 'Nessun documento trovato' : 'No documents were found'),
      ).toBeVisible();
      expect(new URL(page.url()).searchParams.get('q')).toBe('zzqqxxnothing');
    });
  });
}
