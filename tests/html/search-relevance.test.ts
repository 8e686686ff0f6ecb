// What readers ask the search box, in both languages (tests/fixtures/search-questions.json), run
// through the search bar's own ranking (src/plugins/search/client/pagefind.ts) against the built Pagefind index:
// each question must find its page among the first five. The browser side: tests/e2e/search.spec.ts.
import {test, before} from 'node:test';
import assert from 'node:assert/strict';
import {copyFileSync, mkdtempSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {eng} from 'stopword/src/stopwords_eng.js';
import {ita} from 'stopword/src/stopwords_ita.js';
import {findPages, matchesQuery, type PagefindApi} from '../../src/plugins/search/client/pagefind';
import {SEARCH_DIR} from '../../src/plugins/search';
import {BUILD} from '../support/build';
import {localePath, locales} from '../support/routes';
import questions from '../fixtures/search-questions.json' with {type: 'json'};

const STOP_WORDS = {en: eng, it: ita};

// Pagefind's browser code fetches its index by URL; here the URLs are files of the build.
const networkFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.protocol !== 'file:') return networkFetch(input);
  try {
    return new Response(readFileSync(fileURLToPath(url)));
  } catch {
    return new Response(null, {status: 404});
  }
}) as typeof fetch;

for (const locale of locales) {
  let api: PagefindApi;
  before(async () => {
    const bundle = path.resolve(BUILD, localePath('/', locale).slice(1), SEARCH_DIR);
    // A copy named .mjs: the file is an ES module, which Node reads as such only by its name here.
    const program = path.join(mkdtempSync(path.join(os.tmpdir(), 'seerbox-pagefind-')), 'pagefind.mjs');
    copyFileSync(path.join(bundle, 'pagefind.js'), program);
    api = await import(pathToFileURL(program).href);
    await api.options({basePath: `${pathToFileURL(bundle).href}/`, baseUrl: '/', excerptLength: 24});
    await api.init();
  });

  test(`readers' questions find their page among the first five (${locale})`, async () => {
    const missed: string[] = [];
    assert.ok(questions[locale].length >= 30);
    for (const [question, target] of questions[locale]) {
      const {tokens, found} = await findPages(api, new Set(STOP_WORDS[locale]), locale, question);
      // As the search bar lists them: pages whose marked words are not the question's are dropped.
      const pages = (await Promise.all(found!.slice(0, 10).map((result) => result.data())))
        .filter((data) => matchesQuery([data.excerpt, ...data.sub_results.map((sub) => sub.excerpt)], tokens))
        .map((data) => data.url.replace(/\/$/, ''));
      const top = pages.slice(0, 5);
      if (!top.includes(localePath(target, locale))) missed.push(`"${question}": ${target} not in ${top.join(', ')}`);
    }
    assert.deepEqual(missed, []);
  });
}
