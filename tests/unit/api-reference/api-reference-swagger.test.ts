import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import apiReferencePlugin, {SWAGGER_STATIC_DIR} from '../../../src/plugins/api-reference';
import {ENGLISH_LABELS} from '../../../src/plugins/api-reference/labels.mjs';
import {
  compareVersions,
  copySwaggerFiles,
  MINIMUM_VERSION,
  swaggerFiles,
  VENDOR_FILES,
} from '../../../src/plugins/api-reference/swagger';
import {tempDir} from '../../support/temp';
import {API_DEFINITION} from '../../../src/utils/sitePaths.mjs';

function fakeProject(version: string | null, withSpec = true) {
  const root = tempDir('api-reference-swagger');
  if (version) {
    const dist = path.join(root, 'node_modules', 'swagger-ui-dist');
    mkdirSync(dist, {recursive: true});
    writeFileSync(path.join(dist, 'package.json'), JSON.stringify({version}));
    for (const file of [...VENDOR_FILES, 'index.html']) writeFileSync(path.join(dist, file), `${file} ${version}`);
  }
  if (withSpec) {
    mkdirSync(path.join(root, 'api'));
    writeFileSync(path.join(root, API_DEFINITION), 'openapi: 3.1.0\n');
  }
  return root;
}

/** The plugin as Docusaurus creates it for a site in `siteDir` with these static directories. */
function pluginFor(siteDir: string, staticDirectories = ['static', SWAGGER_STATIC_DIR]) {
  const context = {siteDir, siteConfig: {staticDirectories}} as unknown as LoadContext;
  return apiReferencePlugin(context, {specPath: API_DEFINITION});
}

test('compareVersions orders dotted versions numerically', () => {
  assert.ok(compareVersions('5.32.7', '5.32.10') < 0);
  assert.ok(compareVersions('5.35.0', MINIMUM_VERSION) > 0);
  assert.equal(compareVersions('5.32.7', '5.32.7'), 0);
});

test('copies the library files and the definition, and only those, into the folder it serves', () => {
  const root = fakeProject('5.35.0');
  const {version, files} = swaggerFiles(root, API_DEFINITION);
  assert.equal(version, '5.35.0');
  const target = path.join(root, 'out');
  mkdirSync(path.join(target, 'stale'), {recursive: true});
  const written = copySwaggerFiles(files, target);
  assert.equal(written.length, VENDOR_FILES.length + 1);
  assert.equal(
    readFileSync(path.join(target, 'swagger/vendor/swagger-ui-bundle.js'), 'utf8'),
    'swagger-ui-bundle.js 5.35.0',
  );
  assert.ok(existsSync(path.join(target, 'swagger/openapi.yaml')));
  assert.ok(!existsSync(path.join(target, 'swagger/vendor/index.html')), "the library's other files stay out");
  assert.ok(!existsSync(path.join(target, 'stale')), 'the folder is emptied first');
});

test('refuses a missing or too old library and a missing definition', () => {
  assert.throws(() => swaggerFiles(fakeProject(null), API_DEFINITION), /swagger-ui-dist is not installed/);
  assert.throws(() => swaggerFiles(fakeProject('5.32.6'), API_DEFINITION), /older than 5\.32\.7/);
  assert.throws(() => swaggerFiles(fakeProject('5.35.0', false), API_DEFINITION), /API definition .* does not exist/);
});

test('the plugin writes the files into the static directory it asks the config to list', async () => {
  const root = fakeProject('5.35.0');
  await pluginFor(root).loadContent!();
  const served = path.join(root, SWAGGER_STATIC_DIR);
  assert.deepEqual(
    readdirSync(served, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(served, path.join(entry.parentPath, entry.name)))
      .sort(),
    [...VENDOR_FILES.map((file) => path.join('swagger', 'vendor', file)), path.join('swagger', 'openapi.yaml')].sort(),
  );
  assert.ok(SWAGGER_STATIC_DIR.startsWith(`.docusaurus${path.sep}`), 'generated, never committed');
  // Without the config's entry nothing would serve them: the plugin says so instead of a broken page.
  await assert.rejects(async () => pluginFor(root, ['static']).loadContent!(), /add ".*" to staticDirectories/);
  // A copy left in static/ by the old copy-swagger script would shadow the fresh one.
  mkdirSync(path.join(root, 'static', 'swagger', 'vendor'), {recursive: true});
  await assert.rejects(
    async () => pluginFor(root).loadContent!(),
    /delete static.swagger.vendor, left by the old copy-swagger/,
  );
});

test('after a build the Swagger page gets its <base>, and a file missing from the build fails it', async () => {
  const root = fakeProject('5.35.0');
  const plugin = pluginFor(root);
  const outDir = path.join(root, 'build');
  mkdirSync(path.join(outDir, 'swagger'), {recursive: true});
  writeFileSync(path.join(outDir, 'swagger', 'index.html'), '<html><head><meta charset="utf-8" /></head></html>');
  const postBuild = async (dir: string) => plugin.postBuild!({outDir: dir, baseUrl: '/docs/'} as never);
  await assert.rejects(postBuild(outDir), /the Swagger UI files were not copied/);
  await plugin.loadContent!();
  await assert.rejects(postBuild(outDir), /swagger-ui-bundle\.js is missing from the build/);
  cpSync(path.join(root, SWAGGER_STATIC_DIR), outDir, {recursive: true});
  await postBuild(outDir);
  assert.match(
    readFileSync(path.join(outDir, 'swagger', 'index.html'), 'utf8'),
    /<head><base href="\/docs\/swagger\/" \/>/,
  );
});

test('the labels are a translation file of the plugin, with the English text as default', async () => {
  const files = await pluginFor(fakeProject('5.35.0')).getTranslationFiles!({content: undefined});
  assert.deepEqual(files, [{path: 'labels', content: ENGLISH_LABELS}]);
  // Where Docusaurus reads and writes it for Italian: i18n/it/<plugin name>/labels.json.
  assert.ok(existsSync('i18n/it/seerbox-api-reference/labels.json'));
});

test("the Swagger page's own files and Swagger UI's vendor files are all it loads, from this site", () => {
  const html = readFileSync('static/swagger/index.html', 'utf8');
  const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  assert.ok(urls.length > 5);
  assert.deepEqual(
    urls.filter((url) => /^(?:[a-z]+:|\/\/)/i.test(url)),
    [],
    'no URL to another host',
  );
  // Files the page loads next to itself: ours in static/swagger, or the ones the plugin copies.
  const {files} = swaggerFiles('.', API_DEFINITION);
  const copied = new Set(files.map(({to}) => path.relative('swagger', to).split(path.sep).join('/')));
  const local = urls.filter((url) => !url.startsWith('../')).map((url) => url.split(/[?#]/)[0]);
  for (const file of local) {
    assert.ok(copied.has(file) || existsSync(path.join('static/swagger', file)), `${file} exists or is copied`);
  }
  assert.ok(local.includes('vendor/swagger-ui-bundle.js') && local.includes('vendor/swagger-ui.css'));
  // What the plugin copies is the installed package's file, byte for byte.
  const root = tempDir('api-reference-swagger-real');
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(path.resolve('node_modules/swagger-ui-dist'), path.join(root, 'node_modules', 'swagger-ui-dist'));
  mkdirSync(path.join(root, 'api'));
  writeFileSync(path.join(root, API_DEFINITION), readFileSync(API_DEFINITION));
  copySwaggerFiles(swaggerFiles(root, API_DEFINITION).files, path.join(root, 'out'));
  for (const file of VENDOR_FILES) {
    assert.ok(
      readFileSync(path.join(root, 'out/swagger/vendor', file)).equals(
        readFileSync(path.join('node_modules/swagger-ui-dist', file)),
      ),
      file,
    );
  }
});
