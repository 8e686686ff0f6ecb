import type {Page} from '@playwright/test';

/** Laptop and desktop widths the API pages must fit: below, at and above the two-column breakpoint (1400 px). */
export const desktopWidths = [1280, 1440, 1536, 1920];

/** What does not fit on an API page at the current width, one entry per problem, in four kinds. */
export type WidthProblems = {
  /** Code in an API table broken over two lines other than after `_`, `.` or `/`, or at a space. */
  brokenIdentifiers: string[];
  /** API tables that scroll sideways in their region, stick out of their column, or clip a cell. */
  cutTables: string[];
  /** Example tabs not wholly visible in their tab list. */
  cutTabs: string[];
  /** Example code blocks (every tab's, shown one at a time) that scroll sideways. */
  scrollingExamples: string[];
  /** The JSON examples of the main column (request body, response) that scroll sideways. */
  scrollingJson: string[];
};

/** Measures the loaded page at its current viewport (see WidthProblems). */
export const widthProblems = (page: Page): Promise<WidthProblems> =>
  page.evaluate(() => {
    const slack = 0.5;
    const name = (element: Element) => (element.textContent ?? '').trim().slice(0, 60);
    /** The part of `element`'s box that its scrolling or clipping ancestors let show. */
    const visibleBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      let [left, right] = [box.left, box.right];
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      return {box, left, right};
    };
    const whole = (element: Element) => {
      const {box, left, right} = visibleBox(element);
      return left <= box.left + slack && right >= box.right - slack;
    };

    // Where each line of a code element breaks: the characters on either side of each jump to a
    // lower line (a space at a break may have no box of its own, or start the new line).
    const breaks = (code: Element) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let [before, top] = ['', Number.NaN];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (rect && rect.top > top + rect.height / 2) found.push(`${before}${text[index]}`);
          if (rect) top = rect.top;
          before = text[index];
        }
      }
      return found;
    };

    const tables = Array.from(document.querySelectorAll('.markdown table[data-api-table]'));
    const brokenIdentifiers = tables.flatMap((table) =>
      Array.from(table.querySelectorAll('code'))
        .filter((code) => code.getClientRects().length > 1 && breaks(code).some((pair) => !/^[_./\s]|\s$/.test(pair)))
        .map((code) => name(code)),
    );

    const cutTables = tables
      .filter((table) => {
        const region = table.closest('.table-scroll') ?? table;
        const column = table.closest('.api-operation__main, .markdown')!;
        const cellClipped = Array.from(table.querySelectorAll('td, th')).some(
          (cell) => cell.scrollWidth > cell.clientWidth + 1,
        );
        return (
          region.scrollWidth > region.clientWidth + 1 ||
          table.getBoundingClientRect().right > column.getBoundingClientRect().right + slack ||
          !whole(region) ||
          cellClipped
        );
      })
      .map((table) => `${table.getAttribute('data-operation')} ${table.getAttribute('data-api-table')}`);

    const cutTabs = Array.from(document.querySelectorAll('.api-operation__examples [role="tab"]'))
      .filter((tab) => !whole(tab))
      .map((tab) => `${tab.closest('.api-operation')?.querySelector('h2')?.id}: ${name(tab)}`);

    // Every tab's block, one panel shown at a time as a reader would see it; restored at once
    // (no render runs in between).
    const scrollingExamples: string[] = [];
    for (const panel of Array.from(document.querySelectorAll('.api-operation__examples [role="tabpanel"]'))) {
      const siblings = Array.from(panel.parentElement!.children);
      const hidden = siblings.map((sibling) => sibling.hasAttribute('hidden'));
      siblings.forEach((sibling) => sibling.toggleAttribute('hidden', sibling !== panel));
      const label = `${panel.closest('.api-operation')?.querySelector('h2')?.id}: ${name(document.getElementById(panel.getAttribute('aria-labelledby') ?? '') ?? panel)}`;
      for (const pre of Array.from(panel.querySelectorAll('pre'))) {
        if (pre.scrollWidth > pre.clientWidth + 1 || !whole(pre)) scrollingExamples.push(label);
      }
      siblings.forEach((sibling, index) => sibling.toggleAttribute('hidden', hidden[index]));
    }
    const scrollingJson = Array.from(document.querySelectorAll('.api-operation__main pre'))
      .filter((pre) => pre.scrollWidth > pre.clientWidth + 1 || !whole(pre))
      .map((pre) => pre.closest('.theme-code-block')?.querySelector('[class*="codeBlockTitle"]')?.textContent ?? '');
    return {brokenIdentifiers, cutTables, cutTabs, scrollingExamples, scrollingJson};
  });

/** How many problems of each kind. */
export const counts = (problems: WidthProblems): Record<keyof WidthProblems, number> => ({
  brokenIdentifiers: problems.brokenIdentifiers.length,
  cutTables: problems.cutTables.length,
  cutTabs: problems.cutTabs.length,
  scrollingExamples: problems.scrollingExamples.length,
  scrollingJson: problems.scrollingJson.length,
});
