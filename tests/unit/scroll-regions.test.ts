import {test} from 'node:test';
import assert from 'node:assert/strict';
import rehypeScrollRegions, {isStackedTable} from '../../src/rehype/scrollRegions';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

type Node = {type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Node[]};
const text = (value: string): Node => ({type: 'text', value});
const el = (tagName: string, children: Node[] = [], properties: Record<string, unknown> = {}): Node => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const table = (...headers: string[]) =>
  el('table', [
    el('thead', [
      el(
        'tr',
        headers.map((h) => el('th', [text(h)])),
      ),
    ]),
    el('tbody', [
      el(
        'tr',
        headers.map(() => el('td', [text('x')])),
      ),
    ]),
  ]);

async function run(tree: Node, path: string) {
  await (rehypeScrollRegions() as unknown as (t: Node, f: {path: string}) => Promise<void>)(tree, {path});
  return tree;
}

test('tables of fields stack; matrices (an empty corner cell) and very wide tables only scroll', () => {
  assert.equal(isStackedTable(['Field', 'Type', 'Description']), true);
  assert.equal(isStackedTable(['', 'Engine', 'Gui']), false);
  assert.equal(isStackedTable(['a', 'b', 'c', 'd', 'e', 'f']), false);
  assert.equal(isStackedTable(['only']), false);
});

test('every table and diagram gets a named, focusable region in the page language, names unique', async () => {
  const tree = await run(
    {
      type: 'root',
      children: [
        el('h2', [text('Ports')]),
        table('Port', 'Use'),
        table('Port', 'Use'),
        el('div', [], {className: ['sbx-diagram']}),
      ],
    },
    `/site/${ITALIAN_DOCS_DIR}/main/x.md`,
  );
  const regions = tree.children!.filter((n) => n.tagName === 'div');
  assert.deepEqual(
    regions.map((r) => [r.properties!.className, r.properties!.role, r.properties!.tabIndex, r.properties!.ariaLabel]),
    [
      [['table-scroll'], 'region', 0, 'Tabella: Ports, 1'],
      [['table-scroll'], 'region', 0, 'Tabella: Ports, 2'],
      [['diagram-scroll'], 'region', 0, 'Diagramma: Ports'],
    ],
  );
  const stacked = regions[0].children![0];
  assert.deepEqual(stacked.properties!.className, ['table-stack']);
  const cell = stacked.children![1].children![0].children![1];
  assert.equal(cell.properties!.dataLabel, 'Use');
});
