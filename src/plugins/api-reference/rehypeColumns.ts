/**
 * rehype plugin: each operation of an API page becomes a `<section class="api-operation">` with its
 * heading, a main column (description, request, responses) and an examples column (the "Example"
 * heading and its tabs), so that custom.css can set the examples beside the tables on wide screens
 * with CSS alone. It runs after the table of contents is taken from the Markdown, so headings,
 * anchors and the TOC are unchanged; other pages are left as they are.
 */
import type {Element, Root, RootContent} from 'hast';

const isElement = (node: RootContent, tagName: string): node is Element =>
  node.type === 'element' && node.tagName === tagName;
const div = (className: string): Element => ({
  type: 'element',
  tagName: 'div',
  properties: {className: [className]},
  children: [],
});

export default function rehypeApiColumns() {
  return (tree: Root): void => {
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
