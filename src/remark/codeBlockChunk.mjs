/**
 * remark plugin: a page with at least one code block imports the code blocks' chunk
 * (src/theme/CodeBlock/Highlighted: the stock block and Prism), so that chunk is one of the page's
 * own and is loaded with it, before hydration; pages without code never fetch it. Runs after the
 * plugins that add code (API examples) or remove it (Mermaid diagrams become SVG).
 */
export const CHUNK = '@theme/CodeBlock/Highlighted';

/** Whether an mdast tree holds a fenced code block. */
const hasCode = (node) => node.type === 'code' || (node.children ?? []).some(hasCode);

export default function remarkCodeBlockChunk() {
  return (tree) => {
    if (!hasCode(tree)) return;
    tree.children.unshift({
      type: 'mdxjsEsm',
      value: `import ${JSON.stringify(CHUNK)};`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ImportDeclaration',
              specifiers: [],
              attributes: [],
              source: {type: 'Literal', value: CHUNK, raw: JSON.stringify(CHUNK)},
            },
          ],
        },
      },
    });
  };
}
