// The search index as built (npm run build first): one Pagefind bundle per language, holding
// exactly that language's searched pages; the browser side is tests/e2e/search.spec.ts.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {isSearchedRoute, SEARCH_DIR} from '../../src/plugins/search';
import {BUILD, builtFile} from '../support/build';
import {localePath, locales, siteRoutes} from '../support/routes';

/** Each query word of tests/e2e/search.spec.ts's stemming cases, and the base form its pages use. */
const stemming = {
  en: {query: 'architectures', base: 'architecture'},
  it: {query: 'architetture', base: 'architettura'},
};

const searched = siteRoutes.filter((route) => isSearchedRoute(route.path, '/'));

for (const locale of locales) {
  const bundle = path.join(BUILD, localePath('/', locale), SEARCH_DIR);

  test(`the ${locale} search bundle indexes every searched ${locale} page and no other language`, () => {
    const entry = JSON.parse(readFileSync(path.join(bundle, 'pagefind-entry.json'), 'utf8'));
    assert.deepEqual(Object.keys(entry.languages), [locale]);
    assert.equal(entry.languages[locale].page_count, searched.length);
    assert.ok(searched.length > 80, `searched pages: ${searched.length}`);
    // The guide, the API reference, category pages and the stand-alone Markdown page.
    for (const section of ['/main/quickstart', '/api/license', '/category/installation', '/markdown-page']) {
      assert.ok(
        searched.some((route) => route.path === section),
        section,
      );
    }
    // What the search bar loads, and nothing of Pagefind's own interfaces.
    const files = readdirSync(bundle);
    for (const file of ['pagefind.js', 'pagefind-worker.js', `wasm.${locale}.pagefind`])
      assert.ok(files.includes(file), file);
    assert.deepEqual(
      files.filter((file) => /ui\.|highlight|wasm\.(?!\w+\.pagefind$)|wasm\.unknown/.test(file)),
      [],
    );
    assert.ok(readdirSync(path.join(bundle, 'index')).length > 1, 'the index is split into several files');
  });

  test(`only stemming can match "${stemming[locale].query}" to the ${locale} pages`, () => {
    const word = (form: string) => new RegExp(`(^|[^\\p{L}])${form}([^\\p{L}]|$)`, 'iu');
    const texts = searched.map((route) =>
      cheerio
        .load(readFileSync(builtFile(localePath(route.path, locale))))('main')
        .text(),
    );
    assert.ok(texts.some((text) => word(stemming[locale].base).test(text)));
    assert.equal(texts.filter((text) => word(stemming[locale].query).test(text)).length, 0);
  });
}
