// What every page loads before it is interactive (the scripts its HTML names), as built.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {fileForUrl, htmlAssets} from '../../scripts/lib/weights.mjs';
import {BUILD, builtFile} from '../support/build';
import {localePath, locales} from '../support/routes';

for (const locale of locales) {
  test(`${locale}: the first-load scripts carry no copy of tslib`, () => {
    const home = builtFile(localePath('/', locale));
    const {scripts} = htmlAssets(readFileSync(home, 'utf8'));
    assert.ok(
      scripts.some((url) => /\/main\.[0-9a-f]+\.js$/.test(url)),
      scripts.join(', '),
    );
    for (const url of scripts) {
      const file = fileForUrl(BUILD, url);
      assert.ok(file, url);
      const code = readFileSync(file, 'utf8');
      // A tslib helper no code of the site uses: present only when the whole of tslib is bundled,
      // as it was when @docusaurus/utils-common's CommonJS index reached the browser.
      assert.ok(!code.includes('__addDisposableResource'), `${url} bundles tslib`);
    }
  });
}

test("the main bundle carries no build-only part of the site config (plugins' options, the page template), nor the search adapter", () => {
  const home = readFileSync(builtFile('/'), 'utf8');
  const main = htmlAssets(home).scripts.find((url) => /\/main\.[0-9a-f]+\.js$/.test(url));
  const code = readFileSync(fileForUrl(BUILD, main ?? 'missing')!, 'utf8');
  // The page template's placeholders, and an option of the docs plugin that only the build reads.
  assert.ok(code.includes('"themeConfig"') || code.includes('themeConfig:'), 'the config is in the bundle');
  assert.ok(!code.includes('it.postBodyTags'), 'the page template is in the bundle');
  assert.ok(!code.includes('editLocalizedFiles'), "the plugins' options are in the bundle");
  // The Pagefind adapter (src/plugins/search/client/pagefind.ts) comes with the first search: one of its options.
  assert.ok(!code.includes('excerptLength'), 'the Pagefind adapter is in the main bundle');
});
