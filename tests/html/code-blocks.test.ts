// Code is highlighted at build time (src/plugins/code-blocks/remark.ts): every code block of every page, in
// both languages, is served as coloured lines (classes, no inline colours), none as Prism's markup,
// which only a block the build could not highlight would get, in the browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import * as cheerio from 'cheerio';
import {builtFile} from '../support/build';
import {siteRoutes, locales, localePath} from '../support/routes';

let blocks = 0;
let coloured = 0;
for (const locale of locales) {
  for (const {path} of siteRoutes) {
    const route = localePath(path, locale);
    test(`${route}: code blocks highlighted at build time`, () => {
      const $ = cheerio.load(readFileSync(builtFile(route), 'utf8'));
      $('pre').each((_, element) => {
        const pre = $(element);
        blocks += 1;
        assert.ok(pre.hasClass('prism-code'), `a <pre> outside a code block: ${pre.text().slice(0, 60)}`);
        const lines = pre.find('> code > span.token-line');
        assert.ok(lines.length > 0, `no lines in ${pre.attr('class')}`);
        assert.equal(pre.find('code .token, code [style]').length, 0, 'Prism markup or inline colours');
        coloured += pre.find('code span[class^="hl-"]').length;
      });
    });
  }
}

test('there were code blocks and coloured tokens to check', () => {
  assert.ok(blocks > 600, `${blocks} code blocks`);
  assert.ok(coloured > 15000, `${coloured} coloured tokens`);
});
