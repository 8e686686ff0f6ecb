// src/plugins/bundle-diet: our replacements of Docusaurus internals (UPGRADING.md there). These tests
// fail when a Docusaurus upgrade moves or changes what a replacement stands in for: a replaced file
// gone from node_modules, an import a swap waits for no longer written, the page template changed.
// (The build itself fails when a swap never fired: the plugin's postBuild.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import * as utilsCommon from '@docusaurus/utils-common';
import {clientConfigModule} from '../../../src/plugins/bundle-diet/clientConfig';
import {COPIED, SWAPS, swapFor} from '../../../src/plugins/bundle-diet/internals';
import {ssrTemplate} from '../../../src/plugins/bundle-diet/ssrTemplate';
import * as shim from '../../../src/plugins/bundle-diet/shims/utils-common';

const root = path.resolve(import.meta.dirname, '../../..');
const DIET = path.join(root, 'src', 'plugins', 'bundle-diet');
/** A package file as installed (packages' `exports` would refuse their lib/ files to require.resolve). */
const installed = (file: string) => path.join(root, 'node_modules', file);
const swapped = (request: string, issuer: string) => swapFor(request, issuer)?.name;
const coreTemplate = (createRequire(import.meta.url)(installed(COPIED.ssgTemplate)) as {default: string}).default;

test('every package file the folder replaces, copies or reads by path is still installed', () => {
  const files = [
    ...SWAPS.flatMap((swap) => [swap.replaces, swap.importedBy.file]),
    COPIED.ssgTemplate,
    ...COPIED.utilsCommon,
    COPIED.prismClientModule,
    ...COPIED.codeBlockContent,
  ].filter((file): file is string => file !== null);
  assert.ok(files.length >= 10);
  for (const file of files)
    assert.ok(existsSync(installed(file)), `${file} is gone: see src/plugins/bundle-diet/UPGRADING.md`);
  for (const swap of SWAPS) if (swap.by) assert.ok(existsSync(swap.by), swap.by);
});

test('each swap still meets the import it waits for, where Docusaurus writes it', () => {
  for (const swap of SWAPS) {
    const {file, request} = swap.importedBy;
    const code = readFileSync(installed(file), 'utf8');
    assert.ok(code.includes(`'${request}'`) || code.includes(`"${request}"`), `${file} no longer imports ${request}`);
    assert.equal(swapped(request, installed(file)), swap.name, `${swap.name} would not fire on ${file}`);
  }
  // Only there: not for our own files, nor for another module of the same name.
  assert.equal(swapped('./prefetch', path.join(root, 'src', 'theme', 'Root', 'index.tsx')), undefined);
  assert.equal(swapped('./reactUtils', path.join(DIET, 'shims', 'reactUtils.ts')), undefined);
  assert.equal(swapped('./preload', installed('@docusaurus/core/lib/client/docusaurus.js')), undefined);
});

test("theme-classic still registers Prism's languages from the client module the folder leaves out", () => {
  const themeIndex = readFileSync(installed('@docusaurus/theme-classic/lib/index.js'), 'utf8');
  assert.match(themeIndex, new RegExp(`'\\./${path.basename(COPIED.prismClientModule, '.js')}'`));
  // Our Content stands in for the theme's through the plugin's theme folder.
  assert.ok(existsSync(path.join(DIET, 'theme', 'CodeBlock', 'Content', 'index.tsx')));
  assert.ok(!existsSync(path.join(root, 'src', 'theme', 'CodeBlock', 'Content')), 'the site theme would win over it');
});

test("the page template is core's, with its deferred scripts moved to the app loader", () => {
  const normalise = (html: string) => html.replace(/\s+/g, ' ').trim();
  const scripts = /\s*<% it\.scripts\.forEach\(\(script\) => \{ %>[^]*?<% \}\); %>/;
  assert.match(coreTemplate, scripts, "core's template names its scripts as it did");
  const ours = ssrTemplate.replace(/\s*<script data-app=[^]*?<\/script>/, '');
  assert.equal(normalise(ours), normalise(coreTemplate.replace(scripts, '')));
});

test('UPGRADING.md lists every swap and every copied file', () => {
  const upgrading = readFileSync(path.join(DIET, 'UPGRADING.md'), 'utf8');
  for (const swap of SWAPS) {
    assert.ok(upgrading.includes(swap.replaces ?? swap.importedBy.request), swap.name);
  }
  for (const file of [
    COPIED.ssgTemplate,
    COPIED.prismClientModule,
    ...COPIED.codeBlockContent,
    COPIED.utilsCommon[0],
  ]) {
    assert.ok(upgrading.includes(file), file);
  }
});

test('the utils-common shim exports every name of the package, with the same values', () => {
  const names = Object.keys(utilsCommon).filter((name) => name !== 'default');
  assert.ok(names.includes('applyTrailingSlash'), names.join(', '));
  assert.deepEqual(Object.keys(shim).sort(), names.sort());
  for (const name of names) {
    assert.equal(shim[name as keyof typeof shim], utilsCommon[name as keyof typeof utilsCommon], name);
  }
});

test('the browser gets the site config without what only the build reads', async () => {
  const {default: siteConfig} = await import('../../../docusaurus.config');
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
