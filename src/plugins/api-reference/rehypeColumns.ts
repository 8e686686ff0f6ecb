/**
 * rehype plugin: each operation of an API page becomes a `<section class="api-operation">` with its
 * heading, a main column (description, request, responses) and an examples column (the "Example"
 * heading and its tabs), so that ./styles.css can set the examples beside the tables on wide screens
 * with CSS alone. It runs after the table of contents is taken from the Markdown, so headings,
 * anchors and the TOC are unchanged; other pages are left as they are.
 *
 * It also gives the long code in API tables (names, types, values, messages) its only places to
 * wrap: a `<wbr>` after each `_`, `.` or `/`, or after each space of a message. The styles
 * (./styles.css) keep all other code on one line, so no identifier breaks inside a word.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import type {MdxJsxTextElementHast} from 'mdast-util-mdx-jsx';

const isElement = (node: RootContent, tagName: string): node is Element =>
  node.type === 'element' && node.tagName === tagName;
const div = (className: string): Element => ({
  type: 'element',
  tagName: 'div',
  properties: {className: [className]},
  children: [],
});

/** Code up to this many characters never wraps: short names keep their column's width. */
const SHORT_CODE = 16;

/**
 * Where a long text may wrap: after its spaces, or without spaces after `_`, `.` or `/`. A text
 * with a hyphen never wraps: once wrapping is allowed, the browser would also break after it.
 */
function breakPoints(text: string): RegExp | null {
  if (text.length <= SHORT_CODE || text.includes('-')) return null;
  return /\s/.test(text) ? /(?<=\s)(?=\S)/ : /(?<=[_./])(?=[^_./])/;
}

/**
 * As MDX marks the JSX written in a page: rendered as written, not through the theme's components.
 * (The theme's `code` component takes a code with element children for a code block.)
 */
const explicitJsx = {_mdxExplicitJsx: true};

/** The code again, as JSX `<code>` with a `<wbr>` at each break point, or unchanged if it has none. */
function withBreaks(code: Element): Element | MdxJsxTextElementHast {
  const [only] = code.children;
  const points = code.children.length === 1 && only.type === 'text' ? breakPoints(only.value) : null;
  if (!points || only.type !== 'text') return code;
  const tag = (name: string, children: ElementContent[] = []): MdxJsxTextElementHast => ({
    type: 'mdxJsxTextElement',
    name,
    attributes: [],
    children,
    data: explicitJsx,
  });
  const parts = only.value.split(points);
  return tag(
    'code',
    parts.flatMap((value, index): ElementContent[] => [...(index ? [tag('wbr')] : []), {type: 'text', value}]),
  );
}

/** Every code element inside an API table (marked data-api-table by remarkOperations.mjs) below `node`. */
function breakIdentifiers(node: Root | Element, inTable = false): void {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    const table =
      inTable ||
      (child.tagName === 'table' &&
        (child.properties.dataApiTable ?? child.properties['data-api-table']) !== undefined);
    if (table && child.tagName === 'code') node.children[index] = withBreaks(child);
    else breakIdentifiers(child, table);
  });
}

export default function rehypeApiColumns() {
  return (tree: Root): void => {
    breakIdentifiers(tree);
    const children: RootContent[] = [];
    let current: {main: Element; examples: Element; inExamples: boolean} | null = null;
    for (const node of tree.children) {
      if (isElement(node, 'h2')) {
        // Operation headings carry data-api-operation (remarkOperations.mjs); others end the group.
        current = null;
        if (node.properties.dataApiOperation ?? node.properties['data-api-operation']) {
          current = {main: div('api-operation__main'), examples: div('api-operation__examples'), inExamples: false};
          children.push({
            type: 'element',
            tagName: 'section',
            properties: {className: ['api-operation']},
            children: [node, current.main, current.examples],
          });
          continue;
        }
      }
      if (!current) {
        children.push(node);
        continue;
      }
      if (isElement(node, 'h3') && String(node.properties.id ?? '').endsWith('-example')) current.inExamples = true;
      (current.inExamples ? current.examples : current.main).children.push(node as Element);
    }
    tree.children = children;
  };
}
