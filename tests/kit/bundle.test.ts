// The offline bundle (scripts/bundle.mjs) made from the built site: contents and checksums.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {bundle, filesUnder} from '../../scripts/bundle.mjs';
import {release} from '../../scripts/pdf.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const build = path.resolve(root, process.env.BUILD_DIR ?? 'build');

function sha256sumCheck(dir: string) {
  const run = spawnSync('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], {cwd: dir, encoding: 'utf8'});
  if (run.error) throw new Error("sha256sum not found: install Debian's coreutils");
  return run;
}

test('the bundle holds the site, both PDFs, the llms files and nginx, and SHA256SUMS verifies', (t) => {
  const out = mkdtempSync(path.join(tmpdir(), 'seerbox-bundle-'));
  t.after(() => rmSync(out, {recursive: true, force: true}));
  const {tarball, zip} = bundle({dir: build, out});
  const name = `seer-box-docs-${release()}`;
  assert.equal(path.basename(tarball), `${name}.tar.gz`);
  assert.ok(existsSync(zip), 'the .zip is written too');
  // Only the archives: a staging folder left in dist/ would be linted and packed again.
  assert.deepEqual(readdirSync(out).sort(), [`${name}.tar.gz`, `${name}.zip`]);

  // Unpack the tarball elsewhere, as a reader would, and check it there.
  const unpacked = mkdtempSync(path.join(tmpdir(), 'seerbox-unpacked-'));
  t.after(() => rmSync(unpacked, {recursive: true, force: true}));
  assert.equal(spawnSync('tar', ['-xzf', tarball, '-C', unpacked]).status, 0);
  const dir = path.join(unpacked, name);
  const files = filesUnder(dir);
  for (const file of [
    'README.md',
    'SHA256SUMS',
    'sbom.cdx.json',
    'site/index.html',
    'site/it/index.html',
    `site/downloads/${name}-en.pdf`,
    `site/downloads/${name}-it.pdf`,
    'site/llms-full.txt',
    'site/it/llms-full.txt',
    'site/main/architecture.md',
    'nginx/mime.types',
    'nginx/generated/csp-hashes.conf',
    'nginx/templates/nginx.conf.template',
  ]) {
    assert.ok(files.includes(file), `${file} is in the bundle`);
  }
  // The build's notes for later steps (.seerbox/: reading order, CSP include) are not part of the site.
  assert.deepEqual(
    files.filter((file) => file.includes('.seerbox/')),
    [],
  );
  const sums = readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8').trim().split('\n');
  assert.equal(sums.length, files.length - 1, 'SHA256SUMS covers every other file');
  assert.equal(sha256sumCheck(dir).status, 0, 'sha256sum -c SHA256SUMS');
  const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
  assert.match(readme, /sha256sum -c SHA256SUMS/);
  assert.match(readme, /Verifica/);
  // deploy/offline-bundle-README.md with the release filled in.
  assert.ok(readme.startsWith(`# Seer Box documentation ${release()}:`), readme.split('\n')[0]);
  assert.doesNotMatch(readme, /\{\{/);

  // A changed file is caught.
  appendFileSync(path.join(dir, 'site/main/architecture.md'), 'tampered\n');
  const tampered = sha256sumCheck(dir);
  assert.notEqual(tampered.status, 0);
  assert.match(tampered.stdout + tampered.stderr, /site\/main\/architecture\.md: FAILED/);
});
