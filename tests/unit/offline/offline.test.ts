import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {markdownUrl} from '../../../src/plugins/offline/CopyPageMarkdown/markdownUrl';
import {PDF_DIR, pdfName, siteRoot} from '../../../src/plugins/offline/pdfFiles.mjs';
import {pdfPath} from '../../../scripts/pdf.mjs';

test("a page's Markdown twin sits next to its HTML, with or without the trailing slash", () => {
  assert.equal(markdownUrl('/main/architecture'), '/main/architecture.md');
  assert.equal(markdownUrl('/it/main/architecture/'), '/it/main/architecture.md');
  assert.equal(markdownUrl('/'), '/index.md');
});

test('the PDFs are at the root of the site, whatever the language of the page linking them', () => {
  assert.equal(siteRoot('/', 'en', 'en'), '/');
  assert.equal(siteRoot('/it/', 'it', 'en'), '/');
  assert.equal(siteRoot('/docs/it/', 'it', 'en'), '/docs/');
});

test('the downloads page links the file that npm run pdf writes', () => {
  const written = path.relative('build', pdfPath('build', 'it', '1.2.3'));
  assert.equal(written, 'downloads/seer-box-docs-1.2.3-it.pdf');
  assert.equal(`${PDF_DIR}/${pdfName('1.2.3', 'it')}`, written);
});
