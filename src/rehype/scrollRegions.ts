// cspell:locale en,it
/**
 * rehype plugin: wide content that cannot shrink to a phone's width scrolls inside its own box
 * instead of widening the page.
 *
 * - Every table is wrapped in `<div class="table-scroll" role="region" tabindex="0" aria-label="...">`:
 *   a keyboard-scrollable region that screen readers announce with a name ("Table: Ports").
 * - A table of entries (see `isStackedTable`) is also marked `table-stack`: below the phone
 *   breakpoint custom.css shows each row as a stacked entry, every cell headed by its column's
 *   name (`data-label`).
 * - Every diagram (the `div.sbx-diagram` that src/plugins/diagrams/remark.mjs draws at build time)
 *   gets the same kind of region, `diagram-scroll`, where a phone shows it at its natural size.
 *
 * The name comes from the bold lead-in paragraph just before the element or else the nearest
 * heading, in the page's language (from the file path, as for the API pages). Runs at build
 * time: no client code.
 */
import type {Element, Nodes, Parents, Root, RootContent} from 'hast';
import {localeOfFile} from '../utils/locale.mjs';
import {DEFAULT_LOCALE} from '../utils/sitePaths.mjs';

export const LABELS: Record<string, {table: string; diagram: string}> = {
  en: {table: 'Table', diagram: 'Diagram'},
  it: {table: 'Tabella', diagram: 'Diagramma'},
};

/** Most columns a table may have and still stack; wider ones are grids (matrices) and scroll. */
export const MAX_STACKED_COLUMNS = 5;

/**
 * The rule for stacking: a table stacks when its header names every column (an empty corner
 * cell marks a matrix, read across both axes) and it has 2 to MAX_STACKED_COLUMNS columns.
 */
export function isStackedTable(headers: string[]): boolean {
  return headers.length >= 2 && headers.length <= MAX_STACKED_COLUMNS && headers.every((header) => header !== '');
}

/** Plain text of a hast node, spaces collapsed. */
export function textOf(node: Nodes): string {
  const raw = (function collect(n: Nodes): string {
    if (n.type === 'text') return n.value;
    return 'children' in n ? n.children.map(collect).join('') : '';
  })(node);
  return raw.replace(/\s+/g, ' ').trim();
}

const isElement = (node: Nodes | undefined, ...names: string[]): node is Element =>
  node?.type === 'element' && names.includes(node.tagName);
const childElements = (node: Parents, ...names: string[]): Element[] =>
  (node.children as RootContent[]).filter((child): child is Element => isElement(child, ...names));

/** The previous sibling that is not blank text. */
function previousSibling(parent: Parents, index: number): RootContent | undefined {
  for (let i = index - 1; i >= 0; i -= 1) {
    const sibling = parent.children[i];
    if (sibling.type === 'text' && sibling.value.trim() === '') continue;
    return sibling;
  }
  return undefined;
}

/** The text of a paragraph made of one bold phrase (`**Parameters**`), which works as a heading. */
function leadIn(node: RootContent | undefined): string | undefined {
  if (!isElement(node, 'p')) return undefined;
  const parts = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  return parts.length === 1 && isElement(parts[0], 'strong') ? textOf(parts[0]) : undefined;
}

/**
 * Column labels on every cell and a class for the stacked layout. No explicit ARIA roles: the HTML
 * standard forbids them on table parts (the W3C checker fails), and the visible column label on
 * each cell keeps a stacked entry readable even where a browser drops the table semantics.
 */
function markStacked(table: Element, headers: string[]): void {
  table.properties.className = [...((table.properties.className as string[] | undefined) ?? []), 'table-stack'];
  for (const group of childElements(table, 'tbody', 'tfoot')) {
    for (const row of childElements(group, 'tr')) {
      childElements(row, 'th', 'td').forEach((cell, column) => {
        cell.properties.dataLabel = headers[column] ?? '';
      });
    }
  }
}

function headersOf(table: Element): string[] {
  const head = childElements(table, 'thead')[0] ?? table;
  const row = childElements(head, 'tr')[0];
  return row ? childElements(row, 'th', 'td').map(textOf) : [];
}

const tally = (values: string[]): Map<string, number> =>
  values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<string, number>());

type Region = {wrapper: Element; subject: string; section: string};

/** Names unique on the page: the subject alone, else with its section, else numbered. */
function nameRegions(regions: Region[], word: string): void {
  const subjects = tally(regions.map((region) => region.subject));
  const names = regions.map(({subject, section}) => {
    if (!subject) return word;
    const inSection = (subjects.get(subject) ?? 0) > 1 && section && section !== subject ? ` (${section})` : '';
    return `${word}: ${subject}${inSection}`;
  });
  const totals = tally(names);
  const seen = new Map<string, number>();
  regions.forEach(({wrapper}, i) => {
    const nth = (seen.get(names[i]) ?? 0) + 1;
    seen.set(names[i], nth);
    wrapper.properties.ariaLabel = (totals.get(names[i]) ?? 0) > 1 ? `${names[i]}, ${nth}` : names[i];
  });
}

export default function rehypeScrollRegions({defaultLocale = DEFAULT_LOCALE}: {defaultLocale?: string} = {}) {
  return async (tree: Root, file: {path?: string}): Promise<void> => {
    const {visit, SKIP} = await import('unist-util-visit');
    const labels = LABELS[localeOfFile(file.path, defaultLocale)] ?? LABELS[defaultLocale];
    const found: Record<'table' | 'diagram', Region[]> = {table: [], diagram: []};
    let heading = '';
    let section = '';

    visit(tree, (node, index, parent) => {
      if (node.type !== 'element') return undefined;
      if (/^h[2-6]$/.test(node.tagName)) {
        heading = textOf(node);
        if (node.tagName === 'h2') section = heading;
        return SKIP;
      }
      const isTable = node.tagName === 'table';
      const isDiagram =
        node.tagName === 'div' && ((node.properties.className as string[] | undefined) ?? []).includes('sbx-diagram');
      if (!parent || index === undefined || (!isTable && !isDiagram)) return undefined;

      const kind = isTable ? 'table' : 'diagram';
      let subject = leadIn(previousSibling(parent, index)) ?? heading;
      if (isTable) {
        const headers = headersOf(node);
        if (isStackedTable(headers)) markStacked(node, headers);
        if (!subject) subject = headers.filter(Boolean).join(', ');
      }
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: {className: [`${kind}-scroll`], role: 'region', tabIndex: 0},
        children: [node],
      };
      parent.children[index] = wrapper;
      found[kind].push({wrapper, subject, section});
      return [SKIP, index + 1];
    });

    nameRegions(found.table, labels.table);
    nameRegions(found.diagram, labels.diagram);
  };
}
