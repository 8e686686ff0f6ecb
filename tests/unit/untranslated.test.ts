import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isUntranslated} from '../../src/components/UntranslatedNotice/isUntranslated';
import {ITALIAN_DOCS_DIR, localeDocsDir} from '../../src/utils/sitePaths.mjs';

test('a page read in the default locale is never flagged', () => {
  assert.equal(
    isUntranslated({source: '@site/docs/main/architecture.md', currentLocale: 'en', defaultLocale: 'en'}),
    false,
  );
});

test('an Italian twin is recognised as translated', () => {
  const source = `@site/${ITALIAN_DOCS_DIR}/main/architecture.md`;
  assert.equal(isUntranslated({source, currentLocale: 'it', defaultLocale: 'en'}), false);
});

test('the English fallback shown under /it/ is flagged, in any docs instance', () => {
  assert.equal(
    isUntranslated({source: '@site/docs/main/architecture.md', currentLocale: 'it', defaultLocale: 'en'}),
    true,
  );
  assert.equal(
    isUntranslated({source: '@site/tests/fixtures/docs/untranslated.md', currentLocale: 'it', defaultLocale: 'en'}),
    true,
  );
  // A twin of another locale does not count as Italian.
  assert.equal(
    isUntranslated({
      source: `@site/${localeDocsDir('fr')}/x.md`,
      currentLocale: 'it',
      defaultLocale: 'en',
    }),
    true,
  );
});

test('a page without a source path is an error, not a guess', () => {
  assert.throws(() => isUntranslated({source: '', currentLocale: 'it', defaultLocale: 'en'}), /no source path/);
});
