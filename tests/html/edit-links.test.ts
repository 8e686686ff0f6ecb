// "Edit this page" links and last-updated dates (docusaurus.config.ts: editUrl, editLocalizedFiles,
// showLastUpdateTime), read from the build (npm run build first). The build and this test read the
// same variable.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import * as cheerio from 'cheerio';
import {builtFile} from '../support/build';
import {localePath, routes} from '../support/routes';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const editUrlBase = process.env.EDIT_URL_BASE ?? 'https://github.com/pluribus-one/seer-box-docs/edit/main/';
const ITALIAN_DOCS = `${ITALIAN_DOCS_DIR}/`;
const skip = editUrlBase === '' ? 'EDIT_URL_BASE is empty: the build has no edit links' : false;
// A copy of the source without history is built without dates (tests/build/archive.test.ts).
const dated = existsSync('.git');

/** A built page's edit link (the repository file after the base URL), its target and its date. */
function editInfo(route: string) {
  const $ = cheerio.load(readFileSync(builtFile(route), 'utf8'));
  const link = $('a.theme-edit-this-page');
  assert.equal(link.length, 1, `${route}: one edit link`);
  const href = link.attr('href') ?? '';
  assert.ok(href.startsWith(editUrlBase), `${href} starts with ${editUrlBase}`);
  const updated = $('.theme-last-updated');
  return {
    file: href.slice(editUrlBase.length),
    label: link.text().trim(),
    target: link.attr('target'),
    updated: updated.length ? updated.text() : null,
    datetime: updated.find('time').attr('datetime') ?? null,
  };
}

/**
 * Git's last commit time of a file, as Docusaurus reads it (`%ct` of `git log --name-status`, which
 * lists no file for a merge commit, so merges are skipped), in milliseconds.
 */
const gitLastCommit = (file: string) =>
  Number(execFileSync('git', ['log', '-1', '--no-merges', '--format=%ct', '--', file], {encoding: 'utf8'})) * 1000;

test('an English page links to its source under docs/ and shows its last git change', {skip}, () => {
  const edit = editInfo('/main/architecture');
  assert.equal(edit.label, 'Edit this page');
  assert.equal(edit.file, 'docs/main/architecture.md');
  assert.equal(edit.target, '_blank');
  if (!dated) return;
  assert.match(edit.updated ?? '', /Last updated on/);
  assert.equal(Date.parse(edit.datetime ?? ''), gitLastCommit('docs/main/architecture.md'));
  // The date is written without Intl in the browser (src/utils/shortDate.ts), as Intl writes it.
  const intl = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});
  assert.equal(edit.updated, `Last updated on ${intl.format(Date.parse(edit.datetime ?? ''))}`);
});

test('an Italian page links to its own file under i18n/it/ and shows no date', {skip}, () => {
  const edit = editInfo('/it/main/architecture');
  assert.equal(edit.label, 'Modifica questa pagina');
  assert.equal(edit.file, `${ITALIAN_DOCS}main/architecture.md`);
  assert.equal(edit.updated, null);
});

test('the stand-alone Markdown page links to its source in each language, dated in English', {skip}, () => {
  const english = editInfo('/markdown-page');
  assert.equal(english.file, 'src/pages/markdown-page.md');
  if (dated) assert.match(english.updated ?? '', /Last updated on/);
  const italian = editInfo('/it/markdown-page');
  assert.equal(italian.file, 'i18n/it/docusaurus-plugin-content-pages/markdown-page.md');
  assert.equal(italian.updated, null);
});

test('every doc page, in both languages, links to an existing source file of its language', {skip}, () => {
  const docs = routes.filter((route) => route.kind === 'doc');
  assert.ok(docs.length > 50);
  for (const route of docs) {
    const english = editInfo(route.path);
    const italian = editInfo(localePath(route.path, 'it'));
    assert.match(english.file, /^docs\/.+\.mdx?$/);
    assert.ok(existsSync(english.file), english.file);
    if (dated) assert.notEqual(english.updated, null, `${route.path}: last updated date`);
    // The Italian twin sits at the same relative path under i18n/it/.
    assert.equal(italian.file, english.file.replace(/^docs\//, ITALIAN_DOCS));
    assert.ok(existsSync(italian.file), italian.file);
    assert.equal(italian.updated, null, `${localePath(route.path, 'it')}: no date`);
  }
});
