import type {Page} from '@playwright/test';

/** Phone widths every page must fit: a common phone, then the narrowest in use. */
export const phoneWidths = [390, 320];
/** Smallest rendered size of a diagram label, in CSS pixels (the body's small text is 14 px). */
const MIN_LABEL_PX = 12;

/** The document's width, and the outermost element that sticks out past the viewport. */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const width = document.documentElement.scrollWidth;
    // The outermost element that widens the document: it reaches the right edge, and no ancestor
    // clips it (content of a scroll region, or an off-screen skip link, does not count).
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const widest =
      width > viewport
        ? (Array.from(document.body.querySelectorAll('*')).find(
            (element) => element.getBoundingClientRect().right >= width - 0.5 && !clipped(element),
          ) ?? null)
        : null;
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}` : '');
    return {document: width, viewport, widest: name(widest)};
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

/**
 * Resizes the loaded page to each phone width and lists what does not fit: a page wider than the
 * screen, a table that neither stacks nor scrolls in a named, focusable region, a diagram label
 * drawn smaller than MIN_LABEL_PX.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({width: phoneWidths[0], height: 844});
  // As for the width below: the page may still be re-rendering after the resize, so wait (up to a
  // limit) for the labels to reach their size before measuring them.
  await page
    .waitForFunction(
      (min) =>
        Array.from(document.querySelectorAll<SVGSVGElement>('.sbx-diagram svg')).every((svg) => {
          const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal?.width || 1);
          return Array.from(svg.querySelectorAll('.nodeLabel, .edgeLabel, text'))
            .filter((label) => (label.textContent ?? '').trim() !== '')
            .every((label) => Number.parseFloat(getComputedStyle(label).fontSize) * scale >= min);
        }),
      MIN_LABEL_PX,
      {timeout: 5_000},
    )
    .catch(() => undefined);
  for (const header of await looseTables(page)) {
    problems.push(`table "${header}" neither stacks nor scrolls in a named region`);
  }
  for (const size of await smallestLabels(page)) {
    if (!(size >= MIN_LABEL_PX)) problems.push(`a diagram label is drawn at ${size} px`);
  }
  for (const width of phoneWidths) {
    await page.setViewportSize({width, height: 844});
    // Docusaurus swaps the desktop navbar for the mobile one in a render after the resize event:
    // wait for the page to fit (or for the wait to run out) before measuring what sticks out.
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    const measured = await overflow(page);
    if (measured.document > measured.viewport) {
      problems.push(`at ${width} px the page is ${measured.document} px wide: ${measured.widest} sticks out`);
    }
  }
  return problems;
}
