// The browser's copy of @docusaurus/utils-common (src/shims/utils-common.ts, aliased by
// src/plugins/clientBundle.ts) must offer everything the package offers, as the same values:
// a Docusaurus upgrade that adds an export fails here rather than in a reader's browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import * as utilsCommon from '@docusaurus/utils-common';
import * as shim from '../../src/shims/utils-common';

test('the utils-common shim exports every name of the package, with the same values', () => {
  const names = Object.keys(utilsCommon).filter((name) => name !== 'default');
  assert.ok(names.includes('applyTrailingSlash'), names.join(', '));
  assert.deepEqual(Object.keys(shim).sort(), names.sort());
  for (const name of names) {
    assert.equal(shim[name as keyof typeof shim], utilsCommon[name as keyof typeof utilsCommon], name);
  }
});
