import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {
  API_DEFINITION,
  DEFAULT_LOCALE,
  ITALIAN_DOCS_DIR,
  LOCALES,
  localeDocsDir,
  localeFolder,
  TRANSLATED_LOCALES,
} from '../../src/utils/sitePaths.mjs';

const root = path.resolve(import.meta.dirname, '../..');

test('the languages: the default first, served at the root; each other one has its docs and its folder', () => {
  assert.equal(LOCALES[0], DEFAULT_LOCALE);
  assert.deepEqual(TRANSLATED_LOCALES, LOCALES.slice(1));
  assert.equal(localeFolder(DEFAULT_LOCALE), '');
  for (const locale of TRANSLATED_LOCALES) {
    assert.equal(localeFolder(locale), `${locale}/`);
    assert.ok(existsSync(path.join(root, localeDocsDir(locale))), `${localeDocsDir(locale)} is missing`);
  }
  assert.ok(existsSync(path.join(root, ITALIAN_DOCS_DIR)));
  assert.ok(existsSync(path.join(root, API_DEFINITION)));
});

/** Literal spellings that belong to src/utils/sitePaths.mjs alone (the tests keep their own data). */
const SPELLED_ONCE = [
  {what: 'the Italian docs folder', pattern: /i18n\/it\/docusaurus-plugin-content-docs/},
  {what: 'the API definition', pattern: /['"`]api\/openapi\.yaml['"`]/},
  {what: 'a language code as a string', pattern: /['"`](en|it)['"`]/},
];

/** The site's code: what builds the site and the scripts that use the build. */
const codeFiles = ['src', 'scripts']
  .flatMap((dir) => readdirSync(path.join(root, dir), {recursive: true, encoding: 'utf8'}).map((f) => `${dir}/${f}`))
  .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file))
  .concat('docusaurus.config.ts')
  .filter((file) => file !== 'src/utils/sitePaths.mjs');

/**
 * Language codes that stay where they are: a language's own text or format (the dictionaries are
 * keyed `en:`/`it:` without quotes), and the HTML `lang` of the English fallback text.
 */
const LANGUAGE_OF_TEXT = [
  {file: 'docusaurus.config.ts', line: /htmlLang: '(en|it)'/},
  {file: 'src/utils/shortDate.ts', line: /locale === 'en' \?/},
  {file: 'src/theme/DocItem/Content/index.tsx', line: /<div lang="en">/},
];

test('paths and languages are spelled in src/utils/sitePaths.mjs, not again in the code', () => {
  const found: string[] = [];
  for (const file of codeFiles) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        // Comments and JSDoc may name them for the reader.
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        if (LANGUAGE_OF_TEXT.some((allowed) => allowed.file === file && allowed.line.test(line))) return;
        for (const {what, pattern} of SPELLED_ONCE) {
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
        }
      });
  }
  assert.deepEqual(found, []);
});
