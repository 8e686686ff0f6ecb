// The browser's copy of @docusaurus/utils-common (src/shims/utils-common.ts, aliased by
// src/plugins/clientBundle.ts) must offer everything the package offers, as the same values:
// a Docusaurus upgrade that adds an export fails here rather than in a reader's browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {clientConfigModule, replacementFor} from '../../src/plugins/clientBundle';
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

test('the client bundle swaps the prefetch helper and reactUtils only where Docusaurus imports them', () => {
  const core = path.join('/x', 'node_modules', '@docusaurus', 'core', 'lib', 'client', 'docusaurus.js');
  const themeCommon = path.join(
    '/x',
    'node_modules',
    '@docusaurus',
    'theme-common',
    'lib',
    'hooks',
    'useCodeWordWrap.js',
  );
  assert.match(replacementFor('./prefetch', core)!, /shims[\\/]prefetch\.ts$/);
  assert.match(replacementFor('../utils/reactUtils', themeCommon)!, /shims[\\/]reactUtils\.ts$/);
  assert.match(replacementFor('./utils/reactUtils', themeCommon)!, /shims[\\/]reactUtils\.ts$/);
  assert.equal(replacementFor('./prefetch', path.join('/x', 'src', 'theme', 'Root', 'index.tsx')), null);
  assert.equal(replacementFor('./reactUtils', path.join('/x', 'src', 'shims', 'reactUtils.ts')), null);
  assert.equal(replacementFor('./preload', core), null);
});

test('the browser gets the site config without what only the build reads', async () => {
  const {default: siteConfig} = await import('../../docusaurus.config');
  // Docusaurus writes the normalised config as JSON, which leaves out functions; the plugin reads
  // that file back.
  const config = siteConfig;
  const generated = `/* generated */\nexport default ${JSON.stringify(config, null, 2)};\n`;
  const module = clientConfigModule(generated);
  const client = JSON.parse(module.replace(/^export default /, '').replace(/;\s*$/, '')) as Record<string, unknown>;
  for (const key of ['plugins', 'presets', 'themes', 'ssrTemplate', 'markdown', 'staticDirectories']) {
    assert.ok(key in config, `${key} is in the site config`);
    assert.ok(!(key in client), `${key} stays out of the browser's copy`);
  }
  // What the browser's code reads stays, unchanged.
  const json = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  for (const key of ['baseUrl', 'url', 'title', 'themeConfig', 'i18n', 'future', 'customFields', 'storage']) {
    assert.deepEqual(client[key], json[key], key);
  }
  assert.throws(() => clientConfigModule('module.exports = {}'), /has no default export/);
});
