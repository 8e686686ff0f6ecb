import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Root} from 'mdast';
import type {PrismTheme} from 'prism-react-renderer';
import remarkCodeBlocks, {CHUNK, type Highlighted} from '../../../src/plugins/code-blocks/remark';
import {createHighlighter, registerLanguages, tokenCss} from '../../../src/plugins/code-blocks/highlight';
import {codeOfHighlighted, codeText} from '../../../src/plugins/code-blocks/codeText';
import {codeBlocks} from '../../support/code-blocks';
import {ITALIAN_DOCS_DIR} from '../../../src/utils/sitePaths.mjs';

// Small themes whose classes can be written out by hand: light declarations are numbered in order
// (hl-l0 string colour, hl-l1 variable/function colour, hl-l2 comment colour, hl-l3 italic,
// hl-l4 the keyword colour that applies to bash only), dark ones likewise (hl-d0, hl-d1).
const light: PrismTheme = {
  plain: {color: '#000000', backgroundColor: '#ffffff'},
  styles: [
    {types: ['string'], style: {color: '#aa0000'}},
    {types: ['variable', 'function'], style: {color: '#00aa00'}},
    {types: ['comment'], style: {color: '#555555', fontStyle: 'italic'}},
    {types: ['keyword'], style: {color: '#0000aa'}, languages: ['bash']},
  ],
};
const dark: PrismTheme = {
  plain: {color: '#ffffff', backgroundColor: '#000000'},
  styles: [
    {types: ['string', 'comment'], style: {color: '#ffaaaa'}},
    {types: ['function'], style: {fontStyle: 'italic'}},
  ],
};
const highlighter = createHighlighter({light, dark}, ['bash']);

test('each mode gets its block colours and one class per declaration its theme can give, applied in that mode only', () => {
  assert.equal(
    tokenCss({light, dark}),
    [
      ':root{--prism-color:#000000;--prism-background-color:#ffffff}',
      ":root[data-theme='dark']{--prism-color:#ffffff;--prism-background-color:#000000}",
      '.prism-code{color:var(--prism-color)}',
      ":root:not([data-theme='dark']) .hl-l0{color:#aa0000}",
      ":root:not([data-theme='dark']) .hl-l1{color:#00aa00}",
      ":root:not([data-theme='dark']) .hl-l2{color:#555555}",
      ":root:not([data-theme='dark']) .hl-l3{font-style:italic}",
      ":root:not([data-theme='dark']) .hl-l4{color:#0000aa}",
      "[data-theme='dark'] .hl-d0{color:#ffaaaa}",
      "[data-theme='dark'] .hl-d1{font-style:italic}",
    ].join('\n'),
  );
});

test('bash: one HTML string per line, tokens coloured per mode, plain text and empty lines left bare', () => {
  assert.deepEqual(highlighter.lines('# note\nif true; then ls; fi\n\nls', 'bash'), [
    '<span class="hl-l2 hl-l3 hl-d0"># note</span>',
    '<span class="hl-l4">if</span> true; <span class="hl-l4">then</span> <span class="hl-l1 hl-d1">ls</span>; <span class="hl-l4">fi</span>',
    '',
    '<span class="hl-l1 hl-d1">ls</span>',
  ]);
});

test('an entry limited to some languages colours nothing in the others', () => {
  // `if` is a keyword in JavaScript too, but the keyword colour is for bash only.
  assert.deepEqual(highlighter.lines('if (x) f();', 'javascript'), ['if (x) <span class="hl-l1 hl-d1">f</span>();']);
});

test('code is text: markup in it is escaped, whatever the language or its absence', () => {
  const hostile = '</span><img src=x onerror=alert(1)> & <script>alert(2)</script>';
  for (const language of ['bash', 'text', 'no-such-language']) {
    const [line] = highlighter.lines(hostile, language);
    assert.doesNotMatch(line, /<(img|script|\/span><img)/, language);
    assert.equal(
      line
        .replace(/<[^>]+>/g, '')
        .replace(/&#x3C;/g, '<')
        .replace(/&#x26;/g, '&'),
      hostile,
      `${language}: the text survives`,
    );
  }
  assert.deepEqual(highlighter.lines('a < b && c', 'text'), ['a &#x3C; b &#x26;&#x26; c']);
});

test('a language Prism does not have fails the build with its name', () => {
  assert.throws(() => registerLanguages(['no-such-language']), /no-such-language/);
});

type Node = Root['children'][number] & {data?: {hProperties?: Record<string, unknown>}};
const run = (children: unknown[]) => {
  const tree = {type: 'root', children} as Root;
  remarkCodeBlocks({light, dark, additionalLanguages: ['bash']})(tree);
  return tree.children as Node[];
};

test('a page with code blocks, however deep, imports the chunk once, first, and each block gets its lines', () => {
  const inner = {type: 'code', lang: 'BASH', meta: 'title="x"', value: 'ls'};
  const plain = {type: 'code', value: 'a\nb'};
  const children = run([
    {type: 'paragraph', children: [{type: 'text', value: 'Intro'}]},
    {type: 'mdxJsxFlowElement', name: 'div', attributes: [], children: [inner]},
    plain,
  ]);
  const imports = children.filter((node) => node.type === 'mdxjsEsm');
  assert.equal(imports.length, 1);
  assert.equal(children[0], imports[0]);
  assert.equal((imports[0] as {value: string}).value, `import ${JSON.stringify(CHUNK)};`);
  const program = (
    imports[0].data as {estree: {body: Array<{type: string; specifiers: unknown[]; source: {value: string}}>}}
  ).estree;
  assert.deepEqual(
    program.body.map((statement) => [statement.type, statement.specifiers.length, statement.source.value]),
    [['ImportDeclaration', 0, '@theme/CodeBlock/Chunk']],
  );
  const props = (node: unknown) => JSON.parse((node as Node).data!.hProperties!.highlighted as string) as Highlighted;
  // The language as the theme names it: lower case, `text` without one.
  assert.deepEqual(props(inner), {language: 'bash', lines: ['<span class="hl-l1 hl-d1">ls</span>']});
  assert.deepEqual(props(plain), {language: 'text', lines: ['a', 'b']});
});

test('a page without a code block (inline code and diagrams already drawn do not count) is left alone', () => {
  const children = [
    {type: 'paragraph', children: [{type: 'inlineCode', value: 'x'}]},
    {type: 'html', value: '<svg></svg>'},
  ];
  assert.deepEqual(run(structuredClone(children)), children);
});

test("a block's text is left to its lines, and the browser's block gets it back as MDX gave it", () => {
  const source = 'curl -H "A: <B>" "https://x/?a=1&b=2"';
  const [block] = run([{type: 'code', lang: 'bash', value: source}]).slice(1) as Array<Node & {value: string}>;
  assert.equal(block.value, '');
  // MDX ends a block's text with a newline; an empty block stays empty.
  assert.equal(codeOfHighlighted(block.data!.hProperties!.highlighted as string), `${source}\n`);
  assert.equal(codeOfHighlighted(JSON.stringify({language: 'text', lines: ['']})), '');
});

test('codeText gives back every code block of the guide, in both languages, from its highlighted lines', () => {
  const all = createHighlighter({light, dark}, ['bash', 'nginx', 'apacheconf', 'ini', 'toml', 'yaml', 'json']);
  let count = 0;
  for (const root of ['docs/main', `${ITALIAN_DOCS_DIR}/main`]) {
    for (const name of readdirSync(root, {recursive: true, encoding: 'utf8'}).filter((n) => /\.mdx?$/.test(n))) {
      for (const {lang, code} of codeBlocks(readFileSync(path.join(root, name), 'utf8'))) {
        const value = code.replace(/\n$/, '');
        assert.equal(codeText(all.lines(value, lang || 'text')), value, `${root}/${name}: a ${lang} block`);
        count += 1;
      }
    }
  }
  assert.ok(count > 300, `${count} blocks`);
  // Character references as hast-util-to-html writes them, and others a line could hold.
  assert.equal(codeText(['<span class="a">a&#x3C;b &#x26; &#60; &amp; &quot;</span>', '']), 'a<b & < & "\n');
});
