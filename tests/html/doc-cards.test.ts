// The docs' descriptions (src/plugins/docs.ts): the category cards show each doc's description,
// in both languages, while the version data that every docs page fetches no longer carries them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {parseFrontMatter} from '../../scripts/lib/front-matter.mjs';
import {BUILD, builtFile} from '../support/build';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const sources = {en: 'docs', it: ITALIAN_DOCS_DIR};
const installation = ['docker-compose', 'kubernetes', 'linux'];
const description = (file: string) => String(parseFrontMatter(readFileSync(file, 'utf8')).fields.description);

for (const [locale, dir] of Object.entries(sources)) {
  const prefix = locale === 'en' ? '' : `/${locale}`;

  test(`${locale}: the category page's cards show each doc's description`, () => {
    const $ = cheerio.load(readFileSync(builtFile(`${prefix}/category/installation`), 'utf8'));
    const shown = $('article p[title]')
      .map((_, element) => $(element).text())
      .get();
    for (const page of installation) {
      assert.ok(
        shown.includes(description(path.join(dir, `main/installation/${page}.md`))),
        `${page}: ${shown.join(' | ')}`,
      );
    }
  });

  test(`${locale}: the version data every docs page fetches has the docs' titles but not their descriptions`, () => {
    const folder = path.join(BUILD, prefix, 'assets/js');
    const versionData = readdirSync(folder)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .filter((code) => code.includes('"docsSidebars":'));
    assert.equal(versionData.length, 1, 'one chunk holds the version data');
    // A title is there (positive control), the same doc's description is not.
    assert.match(versionData[0], /"title":"(Linux|Kubernetes)"/);
    const linux = description(path.join(dir, 'main/installation/linux.md'));
    assert.ok(!versionData[0].includes(linux.slice(0, 40)), 'a description in the version data');
  });
}
