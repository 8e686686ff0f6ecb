import {test, expect, routes, locales, localePath} from './helpers';
import {counts, desktopWidths, widthProblems, type WidthProblems} from './apiWidths';

/**
 * Every API page, both languages, at every desktop width: opt-in (API_WIDTHS=all), as it loads
 * 58 pages; it prints the four counts and fails on any. The tests above cover each page kind.
 */
test('API_WIDTHS=all: every API page fits at laptop and desktop widths', async ({page}) => {
  test.skip(process.env.API_WIDTHS !== 'all', 'set API_WIDTHS=all to measure every API page');
  test.setTimeout(20 * 60_000);
  const apiPages = routes.filter((route) => route.sidebar === 'api' && route.kind === 'doc');
  const total: Record<keyof WidthProblems, number> = {brokenIdentifiers: 0, cutTables: 0, cutTabs: 0, scrollingExamples: 0, scrollingJson: 0};
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
  console.log(`API pages: ${apiPages.length * locales.length}, widths ${desktopWidths.join('/')}: ${JSON.stringify(total)}`);
  console.log(found.join('\n'));
  expect(total).toEqual({brokenIdentifiers: 0, cutTables: 0, cutTabs: 0, scrollingExamples: 0, scrollingJson: 0});
});
