// The kill switch for Docusaurus Faster (DOCUSAURUS_FASTER=false) builds with webpack and Babel.
// No babel.config.js is needed for that (Docusaurus falls back to its own preset), and without the
// file the default Rspack/SWC build no longer warns that it is unused. Slow: `npm run test:builds`.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

test('the webpack fallback builds the English site', {timeout: 15 * 60_000}, (t) => {
  const out = mkdtempSync(path.join(tmpdir(), 'seerbox-fallback-'));
  t.after(() => rmSync(out, {recursive: true, force: true}));
  const build = spawnSync(
    process.execPath,
    ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--locale', 'en', '--out-dir', out],
    {cwd: root, env: {...process.env, DOCUSAURUS_FASTER: 'false'}, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
  );
  const output = `${build.stdout}\n${build.stderr}`;
  assert.equal(build.status, 0, `the fallback build failed:\n${output.slice(-3000)}`);
  assert.match(output, /webpackbar|Compiled successfully/i, 'webpack, not Rspack, did the build');
  assert.ok(existsSync(path.join(out, 'main', 'architecture', 'index.html')));
  // The API reference plugin's static directory is copied by webpack's copy plugin too.
  assert.ok(existsSync(path.join(out, 'swagger', 'vendor', 'swagger-ui-bundle.js')));
});
