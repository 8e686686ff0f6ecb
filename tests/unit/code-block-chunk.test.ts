import {test} from 'node:test';
import assert from 'node:assert/strict';
import remarkCodeBlockChunk, {CHUNK} from '../../src/remark/codeBlockChunk.mjs';

type Node = {type: string; value?: string; lang?: string; children?: Node[]; data?: Record<string, unknown>};

const run = (tree: Node) => {
  (remarkCodeBlockChunk() as (tree: Node) => void)(tree);
  return tree;
};
const paragraph = (text: string): Node => ({type: 'paragraph', children: [{type: 'text', value: text}]});

test('a page with a code block, however deep, imports the code blocks chunk once, first', () => {
  const tree = run({
    type: 'root',
    children: [paragraph('Intro'), {type: 'mdxJsxFlowElement', children: [{type: 'code', lang: 'bash', value: 'ls'}]}],
  });
  const imports = tree.children!.filter((node) => node.type === 'mdxjsEsm');
  assert.equal(imports.length, 1);
  assert.equal(tree.children![0], imports[0]);
  assert.equal(imports[0].value, `import ${JSON.stringify(CHUNK)};`);
  // What MDX compiles: a side-effect import of the chunk's module.
  const program = imports[0].data!.estree as {
    body: Array<{type: string; specifiers: unknown[]; source: {value: string}}>;
  };
  assert.deepEqual(
    program.body.map((statement) => [statement.type, statement.specifiers.length, statement.source.value]),
    [['ImportDeclaration', 0, '@theme/CodeBlock/Highlighted']],
  );
});

test('a page without a code block (inline code and diagrams already drawn do not count) imports nothing', () => {
  const children = [
    paragraph('Text'),
    {type: 'paragraph', children: [{type: 'inlineCode', value: 'x'}]},
    {type: 'html', value: '<svg></svg>'},
  ];
  const tree = run({type: 'root', children: [...children]});
  assert.deepEqual(tree.children, children);
});
