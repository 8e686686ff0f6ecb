// `npm run check:html` is the W3C Nu HTML Checker itself (vnu.jar from vnu-jar) over BUILD_DIR
// (default build/), failing on errors; warnings are the checker's to print, not to fail on.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from '../support/temp';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

const checkHtml = (dir: string) =>
  spawnSync('npm', ['run', '--silent', 'check:html'], {encoding: 'utf8', env: {...process.env, BUILD_DIR: dir}});

test('check:html: invalid markup fails with file and message, a valid site passes, no build exits 2', () => {
  const dir = tempDir('check-html');
  mkdirSync(path.join(dir, 'it'));
  writeFileSync(path.join(dir, 'index.html'), page('<pre><code><span style="display:block">x</span></code></pre>'));
  writeFileSync(path.join(dir, 'notes.txt'), '<div> not HTML, not checked');
  const passing = checkHtml(dir);
  assert.equal(passing.status, 0, passing.stdout + passing.stderr);

  writeFileSync(path.join(dir, 'it', 'index.html'), page('<pre><code><div>x</div></code></pre>'));
  const failing = checkHtml(dir);
  assert.equal(failing.status, 1, failing.stdout + failing.stderr);
  assert.match(
    failing.stderr,
    /it\/index\.html":1\.\d+-1\.\d+: error: Element “div” not allowed as child of element “code”/,
  );

  const missing = checkHtml(path.join(dir, 'missing'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no build in .*missing\/: run npm run build first/);
});
