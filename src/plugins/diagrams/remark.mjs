/**
 * remark plugin: every ```mermaid block becomes a static SVG at build time, so no page downloads or
 * runs Mermaid. Diagrams stay authored as Mermaid in the Markdown of both languages.
 *
 * - Mermaid's own parser checks each diagram first: a broken diagram fails the build with its
 *   file and line (the layout engine, beautiful-mermaid, would draw almost anything).
 * - beautiful-mermaid lays the diagram out and draws it in pure JavaScript (no browser); its colours
 *   are CSS variables, set once in src/css/custom.css from the Infima theme, so one SVG reads well
 *   in light and dark mode. Its per-diagram <style> (which would also fetch a web font) is dropped
 *   for those rules; marker ids get a per-diagram prefix so several diagrams can share a page.
 * - The SVG is an image for assistive technology (`role="img"`), named by a <title> (the nearest
 *   heading) and described by a <desc> listing its labels in order; the labels stay real text, so
 *   readers can select them and the browser's find and the site search see them.
 */
import {localeOfFile} from '../../utils/locale.mjs';

import nativeImport from './nativeImport.cjs';

// Through nativeImport, not jiti: jiti would transpile Mermaid's parser on every build (0.8 s).
const load = async () => ({
  .../** @type {typeof import('beautiful-mermaid')} */ (await nativeImport('beautiful-mermaid')),
  .../** @type {typeof import('hast-util-from-parse5')} */ (await nativeImport('hast-util-from-parse5')),
  .../** @type {typeof import('parse5')} */ (await nativeImport('parse5')),
  .../** @type {typeof import('unist-util-visit')} */ (await nativeImport('unist-util-visit')),
  // Resolved from nativeImport.cjs's folder, which is this one.
  .../** @type {typeof import('./parse.mjs')} */ (await nativeImport('./parse.mjs')),
});

/** @type {Record<string, string>} */
const LABELS = {en: 'Diagram', it: 'Diagramma'};

/** @typedef {{type: string, value?: string, children?: MdNode[]}} MdNode */

/**
 * Plain text of an mdast node.
 * @param {MdNode} node
 * @returns {string}
 */
const textOf = (node) => node.value ?? (node.children ?? []).map(textOf).join('');

/**
 * The SVG markup of one diagram, ready to inline: no <style>, no inline colour variables, ids
 * prefixed with `prefix`, and a title and description for assistive technology.
 * @param {string} code
 * @param {{prefix: string, title: string}} options
 */
export async function diagramSvg(code, {prefix, title}) {
  const {renderMermaidSVG} = await load();
  let svg = renderMermaidSVG(code, {bg: 'var(--bg)', fg: 'var(--fg)', transparent: true});
  svg = svg
    .replace(/<style>[\s\S]*?<\/style>\s*/g, '')
    .replace(/^<svg([^>]*?) style="[^"]*"/, '<svg$1')
    // The renderer's own bookkeeping (data-type would even reach the page as RDFa's "datatype").
    .replace(/\sdata-[\w-]+="[^"]*"/g, '');
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  for (const id of new Set(ids)) {
    svg = svg
      .replaceAll(`id="${id}"`, `id="${prefix}-${id}"`)
      .replaceAll(`url(#${id})`, `url(#${prefix}-${id})`)
      .replaceAll(`href="#${id}"`, `href="#${prefix}-${id}"`);
  }
  const labels = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((match) => match[1].trim()).filter(Boolean);
  const escape = (/** @type {string} */ text) => text.replace(/&(?!\w+;|#\d+;)/g, '&amp;').replace(/</g, '&lt;');
  const description = [...new Set(labels)].join('; ');
  return svg.replace(
    /^<svg([^>]*)>/,
    `<svg$1 role="img" aria-labelledby="${prefix}-title ${prefix}-desc">` +
      `<title id="${prefix}-title">${escape(title)}</title><desc id="${prefix}-desc">${escape(description)}</desc>`,
  );
}

/**
 * hast children of an SVG string (for mdast `data.hChildren`).
 * @param {string} svg
 */
async function toHast(svg) {
  const {fromParse5, parseFragment} = await load();
  // A parsed fragment becomes a hast root.
  const root = /** @type {import('hast').Root} */ (fromParse5(parseFragment(svg), {space: 'html'}));
  return root.children.filter((node) => node.type === 'element');
}

export default function remarkMermaidDiagrams() {
  /**
   * @param {import('unist').Node} tree
   * @param {{path?: string, data?: {frontMatter?: {title?: string}}}} file
   */
  return async (tree, file) => {
    const {visit, parseMermaid} = await load();
    const locale = localeOfFile(file.path ?? '');
    /** @type {{node: import('mdast').Code, index: number, parent: {children: unknown[]}, heading: string}[]} */
    const blocks = [];
    let heading = '';
    // remark hands the plugin an mdast root.
    visit(/** @type {import('mdast').Root} */ (tree), (node, index, parent) => {
      if (node.type === 'heading') heading = textOf(node).trim();
      if (node.type === 'code' && node.lang === 'mermaid' && parent && index !== undefined) {
        blocks.push({node, index, parent, heading});
      }
    });
    let count = 0;
    for (const {node, index, parent, heading: near} of blocks) {
      const error = await parseMermaid(node.value);
      if (error) {
        throw new Error(`${file.path}:${node.position?.start.line}: Mermaid diagram does not parse: ${error}`);
      }
      count += 1;
      const title = `${LABELS[locale]}: ${near || file.data?.frontMatter?.title || ''}`.replace(/: $/, '');
      const svg = await diagramSvg(node.value, {prefix: `diagram-${count}`, title});
      // The natural width, which a phone keeps (the diagram then scrolls in its region).
      const width = Math.ceil(Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 0));
      parent.children[index] = {
        type: 'sbxDiagram',
        data: {
          hName: 'div',
          hProperties: {className: ['sbx-diagram'], style: width ? `--sbx-diagram-width: ${width}px` : undefined},
          hChildren: await toHast(svg),
        },
      };
    }
  };
}
