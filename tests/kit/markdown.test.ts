// The Markdown twins of the pages and llms.txt / llms-full.txt, over the built site
// (npm run build first; BUILD_DIR overrides the folder).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import routeTable from '../fixtures/routes.json' with {type: 'json'};
import {markdownFile} from '../../src/plugins/offline/llmsTxt';
import {codeBlocks} from '../../scripts/lib/code-blocks.mjs';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const build = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const LOCALES = [
  {locale: 'en', prefix: ''},
  {locale: 'it', prefix: 'it/'},
];
/** Every route of the table but the stand-alone Swagger page, which has no Markdown twin. */
const routes = routeTable.routes.map((route) => route.path).filter((route) => !route.startsWith('/swagger/'));

/** The text outside fenced code blocks (samples may well say `export` or `<Location>`). */
export function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** What MDX, JSX or the theme could leave behind in a converted page. */
export function leftovers(markdown: string): string[] {
  const text = prose(markdown);
  const found: string[] = [];
  if (/^\s*import\s/m.test(text)) found.push('import statement');
  if (/^\s*export\s/m.test(text)) found.push('export statement');
  const tag = /<\/?[A-Z][A-Za-z0-9.]*(?:\s[^>]*)?\/?>/.exec(text);
  if (tag) found.push(`JSX tag ${tag[0]}`);
  if (/^\s*:::/m.test(text)) found.push('admonition fence :::');
  if (/\]\(#[^)]*"(?:Direct link|Collegamento diretto)/.test(text)) found.push('heading "#" link');
  if (/\{#[\w-]+\}/.test(text)) found.push('heading id {#...}');
  return found;
}

test('leftovers() finds what it looks for and ignores code samples', () => {
  assert.deepEqual(leftovers('# Page\n\n```bash\nexport A=1\n<Tabs>\n```\n'), []);
  assert.deepEqual(leftovers('import X from "y";\n'), ['import statement']);
  assert.deepEqual(leftovers('export const a = 1;\n'), ['export statement']);
  assert.deepEqual(leftovers('Text <Tabs groupId="os">\n'), ['JSX tag <Tabs groupId="os">']);
  assert.deepEqual(leftovers(':::note\nText\n'), ['admonition fence :::']);
  assert.deepEqual(leftovers('## A[\u200b](#a "Direct link to A")\n'), ['heading "#" link']);
});

for (const {locale, prefix} of LOCALES) {
  test(`${locale}: every route has a clean Markdown twin next to its HTML`, () => {
    for (const route of routes) {
      const file = path.join(build, prefix, markdownFile(route));
      assert.ok(existsSync(file), `${route} (${locale}): ${path.relative(root, file)} is missing`);
      const markdown = readFileSync(file, 'utf8');
      assert.match(markdown, /^# \S/m, `${path.relative(root, file)}: no title`);
      assert.deepEqual(leftovers(markdown), [], path.relative(root, file));
    }
  });

  test(`${locale}: llms.txt lists every route once, with its description`, () => {
    const index = readFileSync(path.join(build, prefix, 'llms.txt'), 'utf8');
    assert.match(index, /^# .+\n\n> .+\n/, 'llms.txt starts with a title and a summary (llmstxt.org)');
    const links = [...index.matchAll(/^- \[(.+?)\]\(([^)]+)\)(?:: (.*))?$/gm)];
    for (const route of routes) {
      const file = markdownFile(route);
      const matching = links.filter((link) => link[2] === file);
      assert.equal(matching.length, 1, `${locale} llms.txt: ${file} listed ${matching.length} times`);
      assert.ok((matching[0][3] ?? '').trim().length > 20, `${locale} llms.txt: ${file} has no description`);
    }
    // Relative links: they work under /it/, under any base URL and in the bundle.
    for (const link of links) assert.doesNotMatch(link[2], /^(?:\/|https?:)/, link[0]);
  });

  test(`${locale}: llms-full.txt holds the index and every page's Markdown`, () => {
    const full = readFileSync(path.join(build, prefix, 'llms-full.txt'), 'utf8');
    assert.ok(full.startsWith(readFileSync(path.join(build, prefix, 'llms.txt'), 'utf8')));
    for (const route of routes) {
      const markdown = readFileSync(path.join(build, prefix, markdownFile(route)), 'utf8').trim();
      assert.ok(full.includes(markdown), `${locale} llms-full.txt lacks ${route}`);
    }
  });
}

test('the Italian Markdown is the Italian page, the English the English one', () => {
  const en = readFileSync(path.join(build, 'main/quickstart.md'), 'utf8');
  const it = readFileSync(path.join(build, 'it/main/quickstart.md'), 'utf8');
  assert.match(en, /^# Quick start/m);
  assert.match(it, /^# Avvio rapido/m);
  // Links between pages keep the language.
  assert.match(it, /\]\(\/it\/main\/[^)]+\.md/);
});

test('API pages carry their operations as rendered', () => {
  for (const prefix of ['', 'it/']) {
    const markdown = readFileSync(path.join(build, prefix, 'api/authentication/signin.md'), 'utf8');
    assert.match(markdown, /`POST \/api\/v1\/signin`/);
    assert.match(markdown, /\| `username` \| `string` \|/);
  }
});

test("every guide page's Markdown has its source's code blocks, text and language unchanged", () => {
  const sources = [
    {dir: 'docs/main', prefix: ''},
    {dir: `${ITALIAN_DOCS_DIR}/main`, prefix: 'it/'},
  ];
  const blocksOf = (markdown: string) => codeBlocks(markdown).map(({lang, code}) => `${lang}\n${code}`);
  let compared = 0;
  for (const {dir, prefix} of sources) {
    for (const name of readdirSync(path.join(root, dir), {recursive: true, encoding: 'utf8'})) {
      if (!/\.mdx?$/.test(name)) continue;
      const route = `main/${name.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`;
      const markdown = readFileSync(path.join(build, prefix, markdownFile(route)), 'utf8');
      // Diagrams are drawn as SVG at build time and are not part of the Markdown.
      const expected = blocksOf(readFileSync(path.join(root, dir, name), 'utf8')).filter(
        (b) => !b.startsWith('mermaid\n'),
      );
      assert.deepEqual(blocksOf(markdown), expected, `${prefix}${route}`);
      compared += expected.length;
    }
  }
  assert.ok(compared > 100, `only ${compared} code blocks compared`);
});
