import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, siteRoutes, locales, localePath, notFoundProbe} from './helpers';

/**
 * Phone widths: no page of either language is wider than the screen, every table either
 * stacks or scrolls in a named, focusable region, and diagram labels stay readable.
 */
const widths = [390, 320];
/** Smallest rendered size of a diagram label, in CSS pixels (the body's small text is 14 px). */
const MIN_LABEL_PX = 12;

async function settle(page: Page) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 20_000});
}

/** The document's width, and the outermost element that sticks out past the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    let widest: Element | null = null;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getBoundingClientRect().right > viewport + 0.5) {
        widest = element;
        break;
      }
    }
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}` : '');
    return {document: document.documentElement.scrollWidth, viewport, widest: name(widest)};
  });

/** Tables that neither stack nor sit in a scrollable region with a name. */
const looseTables = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.markdown table'))
      .filter((table) => {
        const stacked = getComputedStyle(table.querySelector('tbody tr') ?? table).display === 'block';
        const region = table.closest('.table-scroll');
        const named =
          region?.getAttribute('role') === 'region' &&
          region.getAttribute('tabindex') === '0' &&
          (region.getAttribute('aria-label') ?? '').trim() !== '';
        return !stacked && !named;
      })
      .map((table) => (table.querySelector('th')?.textContent ?? '').trim()),
  );

/** The smallest rendered label of every diagram, in CSS pixels. */
const smallestLabels = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<SVGSVGElement>('.sbx-diagram svg')).map((svg) => {
      const scale =
        svg.getBoundingClientRect().width / (svg.viewBox.baseVal?.width || svg.getBoundingClientRect().width);
      const sizes = Array.from(svg.querySelectorAll('.nodeLabel, .edgeLabel, text'))
        .filter((label) => (label.textContent ?? '').trim() !== '')
        .map((label) => Number.parseFloat(getComputedStyle(label).fontSize) * scale);
      return Math.min(...sizes);
    }),
  );

for (const locale of locales) {
  for (const path of [...siteRoutes.map((route) => route.path), '/search']) {
    const url = localePath(path, locale);
    test(`phone widths: ${url} fits the screen`, async ({page}) => {
      await page.setViewportSize({width: widths[0], height: 844});
      await page.goto(url);
      await settle(page);
      expect(await looseTables(page), 'tables that neither stack nor scroll in a named region').toEqual([]);
      for (const label of await smallestLabels(page)) expect(label).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      for (const width of widths) {
        await page.setViewportSize({width, height: 844});
        const measured = await overflow(page);
        expect(measured.document, `${url} at ${width} px: ${measured.widest} sticks out`).toBeLessThanOrEqual(
          measured.viewport,
        );
      }
    });
  }
}

test('phone widths: the not-found and crash pages fit the screen', async ({page, watch}) => {
  for (const url of [notFoundProbe, `/it${notFoundProbe}`]) {
    watch.expectedNotFound.push(url);
    await page.setViewportSize({width: 320, height: 700});
    await page.goto(url);
    const measured = await overflow(page);
    expect(measured.document, `${url}: ${measured.widest} sticks out`).toBeLessThanOrEqual(measured.viewport);
  }
});

const oneOfEachKind = ['/', '/main/architecture', '/api/assets/hosts', '/category/installation', '/search'];
for (const url of [...oneOfEachKind, ...oneOfEachKind.map((path) => localePath(path, 'it'))]) {
  test(`phone width: axe finds nothing on ${url}`, async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.emulateMedia({reducedMotion: 'reduce'});
    await page.goto(url);
    await settle(page);
    const result = await new AxeBuilder({page})
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
