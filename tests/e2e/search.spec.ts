import type {Page} from '@playwright/test';
import {test, expect, localePath, localeOfPath, pathOf} from './helpers';

/**
 * Offline search (@easyops-cn/docusaurus-search-local): one index per
 * language, fetched from the site itself only when the reader starts
 * searching; English and Italian stemming.
 *
 * Each query is an inflected form that appears nowhere in its language's
 * index: only stemming can match it to the page that uses the base form.
 */
const cases = [
  {locale: 'en', query: 'architectures', base: 'architecture', target: '/main/architecture', title: 'Architecture'},
  {locale: 'it', query: 'architetture', base: 'architettura', target: '/it/main/architecture', title: 'Architettura'},
] as const;

type SearchDocument = {t?: string; u: string};
type SearchIndex = Array<{documents: SearchDocument[]}>;

function indexPath(locale: 'en' | 'it'): string {
  return locale === 'en' ? '/search-index.json' : '/it/search-index.json';
}

/** Every text of a locale's index, read over HTTP as the browser reads it. */
async function indexTexts(page: Page, locale: 'en' | 'it'): Promise<{texts: string[]; urls: string[]}> {
  const response = await page.request.get(indexPath(locale));
  expect(response.status()).toBe(200);
  const index = (await response.json()) as SearchIndex;
  const documents = index.flatMap((group) => group.documents);
  return {texts: documents.map((doc) => doc.t ?? ''), urls: documents.map((doc) => doc.u)};
}

function wordPattern(word: string): RegExp {
  return new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'iu');
}

/** Requests for a search index made by the page from now on. */
function recordIndexRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/search-index.*\.json$/.test(url.pathname)) seen.push(url.pathname);
  });
  return seen;
}

for (const c of cases) {
  test.describe(`search (${c.locale})`, () => {
    test(`the ${c.locale} index holds "${c.base}" but never "${c.query}", and only ${c.locale} pages`, async ({
      page,
    }) => {
      await page.goto(localePath('/', c.locale));
      const {texts, urls} = await indexTexts(page, c.locale);
      expect(texts.length).toBeGreaterThan(500);
      expect(texts.some((text) => wordPattern(c.base).test(text))).toBe(true);
      expect(texts.filter((text) => wordPattern(c.query).test(text))).toEqual([]);
      // One language per index: Italian entries all live under /it/, English ones never do.
      const foreign = urls.filter((url) => localeOfPath(url) !== c.locale);
      expect(foreign).toEqual([]);
      // The guide, the API reference, category pages and stand-alone pages are all indexed.
      for (const section of ['/main/quickstart', '/api/license', '/category/installation', '/markdown-page']) {
        expect(urls).toContain(localePath(section, c.locale));
      }
    });

    test(`the index loads only once the reader starts searching, and an inflected query finds ${c.target}`, async ({
      page,
    }) => {
      const requested = recordIndexRequests(page);
      await page.goto(localePath('/main/quickstart', c.locale));
      await page.waitForLoadState('networkidle');
      expect(requested, 'no index request before the reader searches').toEqual([]);

      const input = page.locator('.navbar__search-input');
      await expect(input).toHaveAttribute('aria-label', c.locale === 'it' ? 'Cerca' : 'Search');
      await expect(input).toHaveAttribute('placeholder', c.locale === 'it' ? 'Cerca' : 'Search');

      // The keyboard shortcut focuses the box, which fetches this language's index.
      await page.locator('body').press('Control+k');
      await expect(input).toBeFocused();
      await expect.poll(() => requested).toEqual([indexPath(c.locale)]);

      await input.fill(c.query);
      const first = page.locator('[role="listbox"] [role="option"]').first();
      await expect(first.locator('[class*="hitTitle"]')).toHaveText(c.title);
      await input.press('Enter');
      await expect.poll(() => pathOf(page)).toBe(c.target);
      expect(new URL(page.url()).searchParams.get('_highlight')).toBe(c.query);
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
