import type {Element, Root, RootContent} from 'hast';

type Parent = Root | Element;

const classes = (node: Element): string[] => {
  const value: unknown = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
};

/**
 * Cleans the built HTML of a page before it becomes Markdown: drops the "#" links next to
 * headings (site furniture, not content) and tells each code block its language, which the
 * theme writes on the `<pre>` (`language-bash`) and the converter reads from the `<code>`.
 */
export default function rehypeMarkdownExport() {
  const visit = (parent: Parent) => {
    parent.children = parent.children.filter(
      (child: RootContent) =>
        !(child.type === 'element' && child.tagName === 'a' && classes(child).includes('hash-link')),
    );
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'pre') {
        const language = classes(child).find((name) => name.startsWith('language-'));
        const code = child.children.find((node): node is Element => node.type === 'element' && node.tagName === 'code');
        if (language && code) code.properties = {...code.properties, className: [language]};
      }
      visit(child);
    }
  };
  return (tree: Root) => visit(tree);
}
