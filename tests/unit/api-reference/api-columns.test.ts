import {test} from 'node:test';
import assert from 'node:assert/strict';
import rehypeApiColumns from '../../../src/plugins/api-reference/rehypeColumns';

type Node = {type: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[]; value?: string};
const el = (tagName: string, properties: Record<string, unknown> = {}, children: Node[] = []): Node => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const names = (nodes: Node[] = []) =>
  nodes.map((node) =>
    node.type === 'element' ? `${node.tagName}${node.properties?.id ? `#${node.properties.id}` : ''}` : node.type,
  );

test('each operation gets a section with a main and an examples column; other content stays', () => {
  const tree: Node = {
    type: 'root',
    children: [
      el('p', {id: 'intro'}),
      // As mdast-util-to-hast leaves the remark plugin's hProperties: the attribute name as written.
      el('h2', {id: 'list-things', 'data-api-operation': 'listThings'}),
      el('p', {dataApiEndpoint: ''}),
      el('h3', {id: 'list-things-request'}),
      el('div', {className: ['table-scroll']}),
      el('h3', {id: 'list-things-example'}),
      {type: 'mdxJsxFlowElement'},
      el('h2', {id: 'see-also'}),
      el('ul'),
    ],
  };
  rehypeApiColumns()(tree as never);
  assert.deepEqual(names(tree.children), ['p#intro', 'section', 'h2#see-also', 'ul']);
  const [heading, main, examples] = tree.children![1].children!;
  assert.equal(heading.properties?.id, 'list-things');
  assert.deepEqual(names(main.children), ['p', 'h3#list-things-request', 'div']);
  assert.deepEqual(names(examples.children), ['h3#list-things-example', 'mdxJsxFlowElement']);
  assert.deepEqual(examples.properties?.className, ['api-operation__examples']);
});

test('long code in API tables gets a <wbr> after each _, . and / (or space), as JSX; the rest is left alone', () => {
  const code = (value: string) => el('code', {}, [{type: 'text', value}]);
  const cells = [
    'data.malicious_clients[].client_address',
    'page_size',
    'x-forwarded-for_and_more_text',
    'string (date-time) or more',
    'Error with pagination fields',
  ].map(code);
  const outside = code('data.malicious_clients[].client_address');
  const tree: Node = {
    type: 'root',
    children: [
      el('div', {className: ['table-scroll']}, [el('table', {'data-api-table': 'parameters'}, [el('td', {}, cells)])]),
      el('p', {}, [outside]),
    ],
  };
  rehypeApiColumns()(tree as never);
  const shown = (node: Node): string =>
    node.type === 'text'
      ? node.value!
      : `${(node as {name?: string}).name === 'wbr' ? '|' : ''}${(node.children ?? []).map(shown).join('')}`;
  const rendered = tree.children![0].children![0].children![0].children!;
  assert.deepEqual(
    rendered.map((node) => [node.type, shown(node)]),
    [
      ['mdxJsxTextElement', 'data.|malicious_|clients[].|client_|address'],
      ['element', 'page_size'],
      ['element', 'x-forwarded-for_and_more_text'],
      ['element', 'string (date-time) or more'],
      ['mdxJsxTextElement', 'Error |with |pagination |fields'],
    ],
  );
  assert.equal(tree.children![1].children![0], outside, 'code outside API tables');
});
