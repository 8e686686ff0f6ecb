import {test} from 'node:test';
import assert from 'node:assert/strict';
import remarkMermaidDiagrams, {diagramSvg} from '../../../src/plugins/diagrams/remark.mjs';
import {ITALIAN_DOCS_DIR} from '../../../src/utils/sitePaths.mjs';

type Node = {
  type: string;
  lang?: string;
  value?: string;
  depth?: number;
  children?: Node[];
  data?: Record<string, unknown>;
};

const FLOW = 'flowchart LR\n  A["Web server"] -- "access logs" --> B["Seer Box"]\n  B --> C["Firewall"]';

test('a diagram becomes one self-contained, accessible SVG', async () => {
  const svg = await diagramSvg(FLOW, {prefix: 'diagram-3', title: 'Diagram: Flow'});
  assert.match(svg, /^<svg [^>]*role="img" aria-labelledby="diagram-3-title diagram-3-desc">/);
  assert.match(svg, /<title id="diagram-3-title">Diagram: Flow<\/title>/);
  // The description lists the labels in order, so a screen reader gets the content.
  assert.match(
    svg,
    /<desc id="diagram-3-desc">Web server; access logs; Seer Box; Firewall<\/desc>|<desc id="diagram-3-desc">[^<]*Web server[^<]*Firewall/,
  );
  assert.doesNotMatch(svg, /<style/, 'no per-diagram stylesheet (colours come from custom.css)');
  assert.doesNotMatch(
    svg.replace('http://www.w3.org/2000/svg', ''),
    /https?:\/\//,
    'nothing fetched from another host',
  );
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  assert.ok(ids.length > 2);
  assert.ok(
    ids.every((id) => id.startsWith('diagram-3-')),
    `ids prefixed: ${ids.join(', ')}`,
  );
  for (const ref of svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref[1]), `url(#${ref[1]}) resolves`);
});

test('a sequence diagram carries no attribute SVG does not define', async () => {
  const svg = await diagramSvg('sequenceDiagram\n  A->>B: hello\n  B-->>A: done', {prefix: 'd', title: 'T'});
  assert.doesNotMatch(svg, /\sdata-[\w-]+=/);
  assert.match(svg, /hello/);
});

test('the plugin replaces each mermaid block, named after the nearest heading in the page language', async () => {
  const tree: Node = {
    type: 'root',
    children: [
      {type: 'heading', depth: 2, children: [{type: 'text', value: 'Flusso'}]},
      {type: 'code', lang: 'mermaid', value: FLOW},
      {type: 'code', lang: 'bash', value: 'echo not a diagram'},
    ],
  };
  await remarkMermaidDiagrams()(tree, {
    path: `/site/${ITALIAN_DOCS_DIR}/main/x.md`,
    data: {},
  });
  const [, diagram, code] = tree.children!;
  assert.equal(diagram.type, 'sbxDiagram');
  const data = diagram.data as {
    hName: string;
    hProperties: {className: string[]; style: string};
    hChildren: Array<{tagName: string}>;
  };
  assert.equal(data.hName, 'div');
  assert.deepEqual(data.hProperties.className, ['sbx-diagram']);
  assert.match(data.hProperties.style, /^--sbx-diagram-width: \d+px$/);
  assert.equal(data.hChildren[0].tagName, 'svg');
  assert.match(JSON.stringify(data.hChildren), /Diagramma: Flusso/);
  assert.equal(code.type, 'code', 'other code blocks are left alone');
});

test('a diagram Mermaid cannot parse fails the build with its file and line', async () => {
  const tree: Node = {
    type: 'root',
    children: [{type: 'code', lang: 'mermaid', value: 'flowchart LR\n  A["unclosed --> B', data: {}}],
  };
  (tree.children![0] as Node & {position: unknown}).position = {start: {line: 12}};
  await assert.rejects(
    remarkMermaidDiagrams()(tree, {path: 'docs/main/x.md', data: {}}),
    /docs\/main\/x\.md:12: Mermaid diagram does not parse/,
  );
});
