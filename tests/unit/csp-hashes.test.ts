import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {collectHashes, inlineScripts, nginxInclude, scriptHash} from '../../scripts/csp-hashes.mjs';
import {tempDir} from '../support/temp';

const script = path.resolve('scripts/csp-hashes.mjs');

test('scriptHash: the CSP source of a script text (values from openssl dgst -sha256 | base64)', () => {
  assert.equal(scriptHash('alert(1)'), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  assert.equal(scriptHash('è'), "'sha256-l8kWzZR4XXubUq5wE8JnhU8nVpHdquISvBwH9jm4oMc='");
});

test('inlineScripts: only the inline code a browser runs', () => {
  const html = [
    '<script>one()</script>',
    '<script src=/assets/js/main.js defer></script>',
    "<script defer SRC='/assets/js/other.js'>ignored()</script>",
    '<script type="application/ld+json">{"@type":"x"}</script>',
    '<!-- <script>commented()</script> -->',
    '<SCRIPT TYPE=" Module " data-x=\'1 2\'>two()</SCRIPT >',
    '<script type="text/javascript" data-note="a > b">three()</script>',
    '<script type="importmap">{"imports":{}}</script>',
    '<script type="text/template"><p>not code</p></script>',
    '<script></script>',
    '<script type=application/json>{"data":true}</script>',
  ].join('\n');
  assert.deepEqual(inlineScripts(html), ['one()', 'two()', 'three()', '{"imports":{}}', '']);
});

test('inlineScripts: line breaks normalised as the HTML parser does', () => {
  assert.deepEqual(inlineScripts('<script>a\r\nb\rc</script>'), ['a\nb\nc']);
  assert.equal(
    scriptHash(inlineScripts('<script>a\r\nb</script>')[0]),
    "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='",
  );
});

function fakeBuild(): string {
  const dir = tempDir('csp-hashes');
  mkdirSync(path.join(dir, 'it'), {recursive: true});
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><script>theme()</script><script>banner("en")</script></head></html>',
  );
  writeFileSync(path.join(dir, '404.html'), '<html><head><script>theme()</script></head></html>');
  writeFileSync(
    path.join(dir, 'it', 'index.html'),
    '<html><head><script>theme()</script><script>banner("it")</script></head></html>',
  );
  writeFileSync(path.join(dir, 'notes.txt'), '<script>not html()</script>');
  return dir;
}

test('collectHashes: each distinct script once, with the files that use it', () => {
  const {files, hashes} = collectHashes(fakeBuild());
  assert.equal(files, 3);
  assert.equal(hashes.size, 3);
  assert.deepEqual(hashes.get(scriptHash('theme()')), ['404.html', 'index.html', 'it/index.html']);
  assert.deepEqual(hashes.get(scriptHash('banner("it")')), ['it/index.html']);
  assert.equal(hashes.has(scriptHash('not html()')), false);
});

test('nginxInclude: a map defining $seerbox_csp_script_hashes, sorted', () => {
  const {files, hashes} = collectHashes(fakeBuild());
  const include = nginxInclude(hashes, {files, dir: 'build'});
  const value = /default "([^"]*)";/.exec(include)?.[1];
  assert.deepEqual(value?.split(' '), [...hashes.keys()].sort());
  assert.match(include, /^map "" \$seerbox_csp_script_hashes \{$/m);
  assert.match(nginxInclude(new Map(), {files: 1, dir: 'build'}), /default "";/);
  // The configuration uses the variable this include defines.
  const template = readFileSync('deploy/nginx/templates/seerbox/site.conf.template', 'utf8');
  assert.match(template, /script-src 'self' 'wasm-unsafe-eval' \$seerbox_csp_script_hashes;/);
});

test('command line: writes the include; exit 2 on bad arguments, 1 without HTML', () => {
  const dir = fakeBuild();
  const out = path.join(dir, 'out', 'csp.conf');
  const ok = spawnSync(process.execPath, [script, '--dir', dir, '--out', out], {encoding: 'utf8'});
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(readFileSync(out, 'utf8'), new RegExp(scriptHash('theme()').replace(/[+/]/g, '\\$&')));
  // By default, with the build (a hidden folder nginx never serves), not in the source tree.
  const beside = spawnSync(process.execPath, [script, '--dir', dir], {encoding: 'utf8'});
  assert.equal(beside.status, 0, beside.stderr);
  assert.equal(readFileSync(path.join(dir, '.seerbox', 'csp-hashes.conf'), 'utf8'), readFileSync(out, 'utf8'));

  const bad = spawnSync(process.execPath, [script, '--nope'], {encoding: 'utf8'});
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /Unknown option '--nope'/);
  const empty = spawnSync(process.execPath, [script, '--dir', tempDir('csp-empty'), '--out', out], {encoding: 'utf8'});
  assert.equal(empty.status, 1);
  assert.match(empty.stderr, /no HTML files/);
  const missing = spawnSync(process.execPath, [script, '--dir', path.join(dir, 'missing')], {encoding: 'utf8'});
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /is not a folder/);
  assert.equal(spawnSync(process.execPath, [script, '--help'], {encoding: 'utf8'}).status, 0);
});
