import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, writeFileSync, readFileSync} from 'node:fs';
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

test('the installed swagger-ui-dist is recent enough', () => {
  const {version} = JSON.parse(readFileSync('node_modules/swagger-ui-dist/package.json', 'utf8'));
  assert.ok(compareVersions(version, MINIMUM_VERSION) >= 0, version);
});
