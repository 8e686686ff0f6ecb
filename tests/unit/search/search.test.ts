import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {replacementFor} from '../../../src/plugins/search/engineSwap';
import searchIndexPlugin, {isSearchedRoute, unused} from '../../../src/plugins/search';
import {prepareHtml} from '../../../src/plugins/search/write.mjs';
import {
  fromExcerpt,
  matchesQuery,
  queryTokens,
  queryGroups,
  rankedResults,
  searchWords,
  wordPositions,
} from '../../../src/plugins/search/client/pagefind';

test('the search bundle slimmer swaps only the search bar and page imports', () => {
  const theme = '/x/node_modules/@easyops-cn/docusaurus-search-local/dist/client/client/theme';
  assert.match(
    replacementFor('../../utils/proxiedGeneratedConstants', `${theme}/SearchBar/SearchBar.jsx`)!,
    /searchBarConstants\.mjs$/,
  );
  assert.match(
    replacementFor('../../utils/proxiedGenerated', `${theme}/SearchPage/SearchPage.jsx`)!,
    /searchBarGenerated\.mjs$/,
  );
  // Both ask Pagefind instead of the theme's lunr worker.
  assert.match(
    replacementFor('../searchByWorker', `${theme}/SearchBar/SearchBar.jsx`)!,
    /search[\\/]client[\\/]pagefindLazy\.ts$/,
  );
  assert.match(
    replacementFor('../searchByWorker', `${theme}/SearchPage/SearchPage.jsx`)!,
    /search[\\/]client[\\/]pagefindLazy\.ts$/,
  );
  assert.equal(replacementFor('../utils/proxiedGeneratedConstants', `${theme}/worker.js`), null);
  assert.equal(
    replacementFor(
      './proxiedGeneratedConstants',
      '/x/node_modules/@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js',
    ),
    null,
  );
  assert.equal(replacementFor('../../utils/proxiedGenerated', '/x/src/theme/SearchBar/index.tsx'), null);
  assert.equal(replacementFor('../searchByWorker', '/x/src/theme/SearchBar/index.tsx'), null);
});

test('the guide, the API reference, the category pages and the Markdown page are searched, in one language', () => {
  for (const route of ['/main/quickstart', '/api/license', '/category/installation', '/markdown-page']) {
    assert.equal(isSearchedRoute(route, '/'), true, route);
    assert.equal(isSearchedRoute(`/docs/it${route}`, '/docs/it/'), true, route);
  }
  for (const route of [
    '/',
    '/search',
    '/404.html',
    '/swagger/',
    '/__fixtures/pages/x',
    '/markdown-page-2',
    '/mainx/y',
  ]) {
    assert.equal(isSearchedRoute(route, '/'), false, route);
  }
  // Another language's routes are never in this language's index.
  assert.equal(isSearchedRoute('/it/main/quickstart', '/docs/'), false);
  assert.equal(isSearchedRoute('/docs/main/quickstart', '/docs/it/'), false);
});

test('the indexed page carries its breadcrumb without the home link and the page itself', () => {
  const html = `<html><body><nav class="theme-doc-breadcrumbs"><ul>
    <li class="breadcrumbs__item"><a aria-label="Home page" href="/"><svg></svg></a></li>
    <li class="breadcrumbs__item"><span>Configuration</span></li>
    <li class="breadcrumbs__item"><a href="/category/firewalls">Firewalls &amp; WAFs</a></li>
    <li class="breadcrumbs__item breadcrumbs__item--active"><span>ModSecurity</span></li>
  </ul></nav><main><h1>ModSecurity</h1></main></body></html>`;
  const prepared = prepareHtml(html);
  assert.match(
    prepared,
    /<main><h1>ModSecurity<\/h1><span hidden="" data-pagefind-ignore="" data-pagefind-meta="breadcrumb">Configuration › Firewalls &amp; WAFs<\/span><\/main>/,
  );
  // A page without a breadcrumb (a category page's parent, the Markdown page) is left as it is.
  assert.doesNotMatch(prepareHtml('<html><body><main><h1>X</h1></main></body></html>'), /pagefind-meta/);
});

test('the indexed page has every end tag the minifier left out, so table cells stay separate words', () => {
  // As the build writes tables: no </th>, </tr> or </td>. Pagefind's parser would read "Fieldid".
  const built =
    '<main><table><thead><tr><th>Field<th>Name<tbody><tr><td>Identifier<td><code>id</code></table><p>One<p>Two</main>';
  assert.match(
    prepareHtml(built),
    /<th data-pagefind-weight="3">Field<\/th><th data-pagefind-weight="3">Name<\/th><\/tr><\/thead><tbody><tr><td>Identifier<\/td><td><code>id<\/code><\/td><\/tr><\/tbody><\/table><p>One<\/p><p>Two<\/p><\/main>/,
  );
});

test("a page's keywords, summary and table headers are weighted; keywords and summary lead its text", () => {
  const head =
    '<head><meta name=description content="Which ports each service uses"><meta name=keywords content="ports to open"></head>';
  const prepared = prepareHtml(`<html>${head}<body><main><h1>Architecture</h1><table><tr><th>Port</table></main>`);
  assert.match(
    prepared,
    /<main><p hidden="" data-pagefind-weight="10">ports to open<\/p><p hidden="" data-pagefind-weight="4">Which ports each service uses<\/p><h1>Architecture<\/h1>/,
  );
  assert.match(prepared, /<th data-pagefind-weight="3">Port<\/th>/);
  // A page without them gets nothing added.
  assert.doesNotMatch(prepareHtml('<main><p>Text</main>'), /hidden/);
});

test("only the search code and this language's WebAssembly are kept", () => {
  for (const name of [
    'pagefind-ui.js',
    'pagefind-ui.css',
    'pagefind-component-ui.js',
    'pagefind-modular-ui.css',
    'pagefind-highlight.js',
    'wasm.en.pagefind',
    'wasm.unknown.pagefind',
  ]) {
    assert.equal(unused(name, 'it'), true, name);
  }
  for (const name of [
    'pagefind.js',
    'pagefind-worker.js',
    'pagefind-entry.json',
    'wasm.it.pagefind',
    'pagefind.it_ab12.pf_meta',
  ]) {
    assert.equal(unused(name, 'it'), false, name);
  }
});

test('query words, and the words of a title that share their stem', () => {
  assert.deepEqual(queryTokens('  Block an IP-address!  '), ['block', 'an', 'ip', 'address']);
  assert.deepEqual(queryTokens('verificare integrità'), ['verificare', 'integrità']);
  assert.deepEqual(queryTokens(' ?! '), []);
  assert.deepEqual(wordPositions('Architettura di Seer Box', ['architetture']), [[0, 12]]);
  assert.deepEqual(wordPositions('Regole di rete', ['regola', 'rete']), [
    [0, 6],
    [10, 4],
  ]);
  assert.deepEqual(wordPositions('Network rules', ['architecture']), []);
  // Short words match only whole, so "a" does not light up every word starting with "a".
  assert.deepEqual(wordPositions('API access', ['a']), []);
});

test("Pagefind's excerpt becomes text and the positions of its marked words", () => {
  assert.deepEqual(fromExcerpt('Use <mark>iptables</mark> &lt;chain&gt; &amp; <mark>ipset</mark>.'), {
    text: 'Use iptables <chain> & ipset.',
    positions: [
      [4, 8],
      [23, 5],
    ],
  });
  assert.deepEqual(fromExcerpt('no match'), {text: 'no match', positions: []});
});

test('pages rank by the sum of their best score for each word or its synonyms, holding every word or not', async () => {
  const result = (id: string, score: number) => ({id, score, data: async () => ({}) as never});
  const index: Record<string, ReturnType<typeof result>[]> = {
    send: [result('both', 2), result('send-only', 9)],
    alerts: [result('alerts-strong', 5), result('both', 1), result('alerts-weak', 0.5)],
    token: [result('overview', 1)],
    signin: [result('signin', 4), result('overview', 3)],
  };
  const search = async (term: string) => ({results: index[term] ?? []});
  const ids = async (groups: string[][]) => (await rankedResults(search, groups))!.map((r) => r.id);
  assert.deepEqual(await ids([['send'], ['alerts']]), ['send-only', 'alerts-strong', 'both', 'alerts-weak']);
  // A synonym counts once, at its best: "overview" scores 3, not 1 + 3.
  assert.deepEqual(await ids([['token', 'signin']]), ['signin', 'overview']);
  assert.equal((await rankedResults(search, [['token', 'signin']]))!.length, 2);
  // One word: Pagefind's own order; a replaced query (null) stays null.
  assert.deepEqual(await ids([['alerts']]), ['alerts-strong', 'both', 'alerts-weak']);
  assert.equal(await rankedResults(async () => null, [['send'], ['alerts']]), null);
});

test("a question's words: common and question words out, each with its language's synonyms", () => {
  const stop = new Set(['how', 'do', 'i', 'an', 'il', 'delle']);
  assert.deepEqual(queryGroups('How do I get an API token?', new Set([...stop, 'get']), 'en'), [
    ['api'],
    ['token', 'signin'],
  ]);
  assert.deepEqual(queryGroups('what log format does haproxy need', stop, 'en'), [
    ['what'],
    ['log'],
    ['format'],
    ['haproxy'],
  ]);
  assert.deepEqual(queryGroups('ottenere il token delle api', stop, 'it'), [['token', 'signin'], ['api']]);
  // Nothing but common words: searched all the same.
  assert.deepEqual(queryGroups('how do', stop, 'en'), [['how'], ['do']]);
  assert.deepEqual(queryGroups('token', stop, 'xx'), [['token']]);
});

test("a page counts only if its marked words are forms of the query's words", () => {
  // Pagefind's fall-back to a shorter word: noise.
  assert.equal(matchesQuery(['the <mark>:Z</mark> suffix', 'keep <mark>%z</mark>'], ['zzqqxxnothing']), false);
  // Stemming and a typo keep their page.
  assert.equal(matchesQuery(['<mark>Architettura</mark> di Seer Box'], ['architetture']), true);
  assert.equal(matchesQuery(['deploy on <mark>Kubernetes</mark>'], ['kubernets']), true);
  assert.equal(matchesQuery(['<mark>IP</mark> address', 'nothing'], ['block', 'ip']), true);
  // No mark at all (the match lies outside the excerpts): kept.
  assert.equal(matchesQuery(['plain text'], ['word']), true);
});

test('common words are left out of the search unless the query has nothing else', () => {
  const stop = new Set(['get', 'an', 'the', 'di']);
  assert.deepEqual(searchWords(['get', 'an', 'api', 'token', 'api'], stop), ['api', 'token']);
  assert.deepEqual(searchWords(['the', 'an'], stop), ['the', 'an']);
});

describe('the search index plugin, on a two-page site', () => {
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="it"><head><title>${title}</title></head><body><nav>Menu</nav><main><h1>${title}</h1>${body}</main></body></html>`;
  const postBuild = async (outDir: string, routesPaths: string[]) =>
    searchIndexPlugin().postBuild!({outDir, routesPaths, baseUrl: '/docs/it/', i18n: {currentLocale: 'it'}} as never);

  test('indexes the searched pages at their URLs, in the language, and keeps only what the search bar loads', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'search-plugin-'));
    try {
      for (const [route, html] of [
        ['main/regole', page('Regole', '<table><tr><th>Campo<th>Nome<tr><td>Identificatore<td>id</table>')],
        ['api/host', page('Host', '<p>Elenco degli host')],
        ['search', page('Cerca', '<p>Non indicizzata')],
      ]) {
        mkdirSync(path.join(outDir, route), {recursive: true});
        writeFileSync(path.join(outDir, route, 'index.html'), html);
      }
      await postBuild(outDir, ['/docs/it/main/regole', '/docs/it/api/host', '/docs/it/search']);
      const bundle = path.join(outDir, 'pagefind');
      const entry = JSON.parse(readFileSync(path.join(bundle, 'pagefind-entry.json'), 'utf8'));
      assert.deepEqual(Object.keys(entry.languages), ['it']);
      assert.equal(entry.languages.it.page_count, 2);
      assert.deepEqual(
        readdirSync(bundle).filter((name) => unused(name, 'it')),
        [],
      );
      const fragments = readdirSync(path.join(bundle, 'fragment')).map((name) =>
        JSON.parse(
          gunzipSync(readFileSync(path.join(bundle, 'fragment', name)))
            .toString()
            .replace(/^pagefind_dcd/, ''),
        ),
      );
      const rules = fragments.find((fragment) => fragment.meta.title === 'Regole');
      assert.equal(rules?.url, '/docs/it/main/regole/');
      // Cells stay words of their own (Pagefind runs header cells together, written out or not),
      // and the navigation is not text of the page.
      assert.match(rules?.content, /Identificatore\. id\./);
      assert.doesNotMatch(rules?.content, /Menu/);
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });

  test('fails the build, naming the cause, when a searched page is missing', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'search-plugin-'));
    try {
      await assert.rejects(postBuild(outDir, ['/docs/it/main/assente']), /Pagefind index: ENOENT.*assente/);
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });
});
