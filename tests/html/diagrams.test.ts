// Diagrams are drawn at build time (src/plugins/diagrams/remark.mjs): every ```mermaid block of
// every guide page, in both languages, is an accessible inline SVG in the built HTML, and no page
// ships Mermaid to the browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {BUILD, builtFile} from '../support/build';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const sources = {en: 'docs', it: ITALIAN_DOCS_DIR};

const pagesWithDiagrams = readdirSync('docs/main', {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({
    route: `/main/${file
      .replace(/(\/?index)?\.md$/, '')
      .split(path.sep)
      .join('/')}`,
    count: (readFileSync(path.join('docs/main', file), 'utf8').match(/^```mermaid$/gm) ?? []).length,
    file: path.join('main', file),
  }))
  .filter((page) => page.count > 0);

test('the guide has diagrams to check', () => assert.ok(pagesWithDiagrams.length >= 10));

for (const [locale, dir] of Object.entries(sources)) {
  for (const page of pagesWithDiagrams) {
    const route = locale === 'en' ? page.route : `/it${page.route}`;
    test(`${route}: ${page.count} diagram(s) drawn as accessible SVG`, () => {
      // The Italian twin has the same diagrams (labels translated).
      const twin = readFileSync(path.join(dir, page.file), 'utf8');
      assert.equal((twin.match(/^```mermaid$/gm) ?? []).length, page.count, `${dir}/${page.file}`);
      const $ = cheerio.load(readFileSync(builtFile(route), 'utf8'));
      const svgs = $('.diagram-scroll > .sbx-diagram > svg');
      assert.equal(svgs.length, page.count);
      svgs.each((_, element) => {
        const svg = $(element);
        assert.equal(svg.attr('role'), 'img');
        const [titleId, descId] = (svg.attr('aria-labelledby') ?? '').split(' ');
        assert.ok(svg.find(`title#${titleId}`).text().length > 5, 'title');
        assert.ok(svg.find(`desc#${descId}`).text().length > 5, 'description');
        assert.ok(svg.find('text').length > 2, 'labels are text');
        assert.equal(svg.find('style').length, 0);
        assert.match(svg.parent().attr('style') ?? '', /--sbx-diagram-width:\s*\d+px/);
      });
      const ids = $('[id]')
        .map((_, element) => $(element).attr('id'))
        .get();
      assert.equal(new Set(ids).size, ids.length, 'ids are unique on the page');
    });
  }
}

test('no script of the site carries Mermaid', () => {
  const scripts = readdirSync(path.join(BUILD, 'assets/js')).filter((file) => file.endsWith('.js'));
  const withMermaid = scripts.filter((file) =>
    /flowchart-v2|sequenceDiagram|mermaidAPI/.test(readFileSync(path.join(BUILD, 'assets/js', file), 'utf8')),
  );
  assert.deepEqual(withMermaid, []);
});
