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
 * `read()` again until `ok` holds or five seconds pass, then the last reading: after a resize,
 * Docusaurus swaps the desktop navbar for the mobile one in a later render, so a first reading
 * can catch the page half-way.
 */
async function settled<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * Resizes the loaded page to each phone width and lists what does not fit: a page wider than the
 * screen, a table that neither stacks nor scrolls in a named, focusable region, a diagram label
 * drawn smaller than MIN_LABEL_PX.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({width: phoneWidths[0], height: 844});
  const labels = await settled(
    () => smallestLabels(page),
    (sizes) => sizes.every((size) => size >= MIN_LABEL_PX),
  );
  for (const size of labels) {
    if (!(size >= MIN_LABEL_PX)) problems.push(`a diagram label is drawn at ${size} px`);
  }
  for (const header of await looseTables(page)) {
    problems.push(`table "${header}" neither stacks nor scrolls in a named region`);
  }
  for (const width of phoneWidths) {
    await page.setViewportSize({width, height: 844});
    const measured = await settled(
      () => overflow(page),
      ({document, viewport}) => document <= viewport,
    );
    if (measured.document > measured.viewport) {
      problems.push(`at ${width} px the page is ${measured.document} px wide: ${measured.widest} sticks out`);
    }
  }
  return problems;
}
