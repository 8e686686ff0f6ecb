import type {Page} from '@playwright/test';
import {test, expect, routes, locales, localePath} from './helpers';
import {counts, desktopWidths, widthProblems, type WidthProblems} from './apiWidths';

/**
 * API pages at laptop and desktop widths (src/plugins/api-reference/styles.css): nothing cut, no
 * identifier broken inside a word, every example tab in view, example code that wraps instead of
 * scrolling; from 1400 px, operations in two columns on a wider page with its TOC folded.
 * Each page is loaded once and resized through the widths.
 */

const none: Record<keyof WidthProblems, number> = {
  brokenIdentifiers: 0,
  cutTables: 0,
  cutTabs: 0,
  scrollingExamples: 0,
  scrollingJson: 0,
};

/** Where two columns start (styles.css). */
const twoColumns = 1400;

const articleWidth = (page: Page) => page.locator('article').evaluate((article) => article.clientWidth);

/** Whether the operation's examples sit beside its main column, and how the TOC is shown. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
    const visible = (selector: string) => {
      const element = document.querySelector(selector);
      return !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const [main, examples] = [box('.api-operation__main'), box('.api-operation__examples')];
    return {
      beside: !!main && !!examples && examples.left >= main.right && examples.top < main.bottom,
      desktopToc: visible('.theme-doc-toc-desktop'),
      foldedToc: visible('.theme-doc-toc-mobile'),
    };
  });

test('API pages at 1280–1920 px: nothing cut, no identifier broken, every tab in view, examples whole', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A guide page's article at each width, for the API pages to be wider than.
  const guide = new Map<number, number>();
  await page.goto('/main/architecture');
  for (const width of desktopWidths) {
    await page.setViewportSize({width, height: 900});
    guide.set(width, await articleWidth(page));
  }
  // Many parameters in Italian (the longer labels), an operation with a request body in dark mode,
  // and the overview (no operation: the guide layout).
  const pages = [
    {url: '/it/api/analysis/alerts', dark: false, operations: true},
    {url: '/api/authentication/users', dark: true, operations: true},
    {url: '/api/overview', dark: false, operations: false},
  ];
  for (const {url, dark, operations} of pages) {
    await page.emulateMedia({colorScheme: dark ? 'dark' : 'light'});
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    for (const width of desktopWidths) {
      await page.setViewportSize({width, height: 900});
      const problems = await widthProblems(page);
      expect(counts(problems), `${url} at ${width} px: ${JSON.stringify(problems)}`).toEqual(none);
      if (!operations) continue;
      const wide = width >= twoColumns;
      expect(await layout(page), `${url} at ${width} px`).toEqual({beside: wide, desktopToc: !wide, foldedToc: wide});
      if (wide) expect(await articleWidth(page), `${url} at ${width} px`).toBeGreaterThan(guide.get(width)! + 100);
    }
  }
});

test('a wrapped example command is copied whole by its copy button', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 1536, height: 900});
  await page.goto('/api/analysis/alerts');
  const block = page.locator('.api-operation__examples [role="tabpanel"]:not([hidden]) .theme-code-block').first();
  // The command as shown, one source line per line element (soft wraps are not in the text).
  const source = (await block.locator('.token-line').allTextContents()).join('\n');
  // Lines on screen: the tops of the text's line boxes, those a line's height apart.
  const lines = await block.locator('pre code').evaluate((code) => {
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const tops: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      tops.push(...Array.from(range.getClientRects(), (rect) => rect.top));
    }
    const height = Number.parseFloat(getComputedStyle(code).fontSize);
    return tops.sort((a, b) => a - b).filter((top, index, all) => index === 0 || top - all[index - 1] > height / 2)
      .length;
  });
  expect(lines, 'the command wraps in its column').toBeGreaterThan(source.split('\n').length);
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(source);
  expect(source).toMatch(/^curl --request GET \\\n {2}--url 'https:\/\/\S+page_size=20' \\\n/);
});

/**
 * Every API page, both languages, at every desktop width: opt-in (API_WIDTHS=all), as it loads
 * 58 pages. It prints the counts of each kind of problem (tests/e2e/apiWidths.ts) and fails on any.
 */
test('API_WIDTHS=all: every API page fits at laptop and desktop widths', async ({page}) => {
  test.skip(process.env.API_WIDTHS !== 'all', 'set API_WIDTHS=all to measure every API page');
  test.setTimeout(20 * 60_000);
  const apiPages = routes.filter((route) => route.sidebar === 'api' && route.kind === 'doc');
  const total = {...none};
  const found: string[] = [];
  for (const locale of locales) {
    for (const route of apiPages) {
      const url = localePath(route.path, locale);
      await page.setViewportSize({width: desktopWidths[0], height: 900});
      await page.goto(url);
      for (const width of desktopWidths) {
        await page.setViewportSize({width, height: 900});
        const problems = await widthProblems(page);
        for (const [kind, count] of Object.entries(counts(problems)) as Array<[keyof WidthProblems, number]>) {
          total[kind] += count;
          if (count) found.push(`${url} at ${width}: ${kind} ${problems[kind].join(' | ')}`);
        }
      }
    }
  }
  console.log(
    `API pages: ${apiPages.length * locales.length}, widths ${desktopWidths.join('/')}: ${JSON.stringify(total)}`,
  );
  console.log(found.join('\n'));
  expect(total).toEqual(none);
});
