import {test} from 'node:test';
import assert from 'node:assert/strict';
import {PLACEHOLDER_EDIT_URL_BASE, PLACEHOLDER_SITE_URL, placeholderWarnings} from '../../src/utils/placeholders';

test('a production build left at the placeholders gets one warning per setting', () => {
  const warnings = placeholderWarnings({siteUrl: PLACEHOLDER_SITE_URL, editUrlBase: PLACEHOLDER_EDIT_URL_BASE});
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /^SITE_URL is not set/);
  assert.match(warnings[1], /^EDIT_URL_BASE is not set/);
});

test('real values, or edit links switched off, give no warning', () => {
  assert.deepEqual(placeholderWarnings({siteUrl: 'https://docs.example.org', editUrlBase: ''}), []);
  assert.deepEqual(
    placeholderWarnings({siteUrl: 'https://docs.example.org', editUrlBase: 'https://git.example.org/docs/edit/main/'}),
    [],
  );
});
