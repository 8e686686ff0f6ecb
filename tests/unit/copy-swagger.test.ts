import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {compareVersions, copySwagger, MINIMUM_VERSION, VENDOR_FILES} from '../../scripts/copy-swagger.mjs';

function fakeProject(version: string | null, withSpec = true) {
  const root = mkdtempSync(path.join(tmpdir(), 'copy-swagger-'));
  if (version) {
    const dist = path.join(root, 'node_modules', 'swagger-ui-dist');
    mkdirSync(dist, {recursive: true});
    writeFileSync(path.join(dist, 'package.json'), JSON.stringify({version}));
    for (const file of VENDOR_FILES) writeFileSync(path.join(dist, file), `${file} ${version}`);
  }
  if (withSpec) {
    mkdirSync(path.join(root, 'api'));
    writeFileSync(path.join(root, 'api', 'openapi.yaml'), 'openapi: 3.1.0\n');
  }
  return root;
}

test('compareVersions orders dotted versions numerically', () => {
  assert.ok(compareVersions('5.32.7', '5.32.10') < 0);
  assert.ok(compareVersions('5.35.0', MINIMUM_VERSION) > 0);
  assert.equal(compareVersions('5.32.7', '5.32.7'), 0);
});

test('copies the library files and the definition into static/swagger', () => {
  const root = fakeProject('5.35.0');
  const {version, written} = copySwagger(root);
  assert.equal(version, '5.35.0');
  assert.equal(written.length, VENDOR_FILES.length + 1);
  assert.equal(
    readFileSync(path.join(root, 'static/swagger/vendor/swagger-ui-bundle.js'), 'utf8'),
    'swagger-ui-bundle.js 5.35.0',
  );
  assert.ok(existsSync(path.join(root, 'static/swagger/openapi.yaml')));
});

test('refuses a missing or too old library and a missing definition', () => {
  assert.throws(() => copySwagger(fakeProject(null)), /swagger-ui-dist is not installed/);
  assert.throws(() => copySwagger(fakeProject('5.32.6')), /older than 5\.32\.7/);
  assert.throws(() => copySwagger(fakeProject('5.35.0', false)), /API definition .* does not exist/);
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
  // Files the page loads next to itself: ours in static/swagger, or the ones copySwagger copies.
  const local = urls.filter((url) => !url.startsWith('../')).map((url) => url.split(/[?#]/)[0]);
  for (const file of local) {
    const copied = file.startsWith('vendor/') && VENDOR_FILES.includes(file.slice('vendor/'.length));
    assert.ok(copied || existsSync(path.join('static/swagger', file)), `${file} exists or is copied`);
  }
  assert.ok(local.includes('vendor/swagger-ui-bundle.js') && local.includes('vendor/swagger-ui.css'));
  // What copySwagger copies is the installed package's file, byte for byte.
  const root = mkdtempSync(path.join(tmpdir(), 'copy-swagger-real-'));
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(path.resolve('node_modules/swagger-ui-dist'), path.join(root, 'node_modules', 'swagger-ui-dist'));
  mkdirSync(path.join(root, 'api'));
  writeFileSync(path.join(root, 'api', 'openapi.yaml'), readFileSync('api/openapi.yaml'));
  copySwagger(root);
  for (const file of VENDOR_FILES) {
    assert.ok(
      readFileSync(path.join(root, 'static/swagger/vendor', file)).equals(
        readFileSync(path.join('node_modules/swagger-ui-dist', file)),
      ),
      file,
    );
  }
});
