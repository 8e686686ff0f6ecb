// A source archive (`git archive`, GitHub's "Download ZIP", a release tarball) has no .git:
// it must still build, without "Last updated" dates and with one line saying why.
// Slow (a whole production build): run by `npm run test:builds`, not with the unit tests.
// Built under the sub-path /docs/, the harder case; with SEERBOX_KEEP_ARCHIVE=DIR the exported
// tree and its build stay in DIR, and CI serves that build in test:nginx's sub-path pass
// (SEERBOX_SUB_PATH_FROM=DIR) instead of building the site once more.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const BASE_URL = '/docs/';

test('the committed tree, exported without .git, builds both languages under a sub-path', {timeout: 15 * 60_000}, (t) => {
  const keep = process.env.SEERBOX_KEEP_ARCHIVE;
  const work = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'seerbox-archive-'));
  if (keep) {
    rmSync(work, {recursive: true, force: true});
    mkdirSync(work, {recursive: true});
  } else t.after(() => rmSync(work, {recursive: true, force: true}));
  const archive = spawnSync('sh', ['-c', `git archive --format=tar HEAD | tar -x -C "${work}"`], {cwd: root});
  assert.equal(archive.status, 0, `git archive failed: ${archive.stderr}`);
  assert.ok(!existsSync(path.join(work, '.git')));
  // The installed packages, not a second `npm ci`: the test is about the sources, not the registry.
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');

  // Outside any git work tree even if tmpdir() sits inside one.
  const env = {
    ...process.env,
    BASE_URL,
    GIT_CEILING_DIRECTORIES: path.dirname(work),
    GIT_DIR: path.join(work, 'no-git'),
  };
  // The site only: npm's --ignore-scripts skips the pre/post scripts, not the build. The PDFs and
  // brotli copies of the postbuild step would be thrown away: test:nginx's sub-path pass, which
  // serves this build in CI, makes the CSP hashes and gzip copies it needs and leaves the manuals
  // and brotli to the root pass (they were about a quarter of this test's time).
  const build = spawnSync('npm', ['run', 'build', '--ignore-scripts'], {
    cwd: work,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${build.stdout}\n${build.stderr}`;
  assert.equal(build.status, 0, `the build failed:\n${output.slice(-3000)}`);
  assert.ok(!existsSync(path.join(work, 'build', 'downloads')), 'no postbuild step: no manuals');
  assert.equal(output.match(/No git history here/g)?.length, 1, 'one line says the dates are left out');
  // A production build with the default URLs says, once each, that they are placeholders.
  assert.equal(output.match(/SITE_URL is not set/g)?.length, 1);
  assert.equal(output.match(/EDIT_URL_BASE is not set/g)?.length, 1);
  assert.doesNotMatch(output, /Babel config file/, 'no warning about an unused babel.config.js');

  const page = (route: string) => readFileSync(path.join(work, 'build', route, 'index.html'), 'utf8');
  for (const route of ['', 'it', 'main/architecture', 'it/main/architecture', 'api/authentication/signin']) {
    assert.match(page(route), /<h1/, `${route || '/'} is built`);
  }
  assert.doesNotMatch(page('main/architecture'), /theme-last-updated/, 'no last-updated date without history');
  assert.match(readFileSync(path.join(work, 'build', 'swagger', 'index.html'), 'utf8'), /<base href="\/docs\/swagger\/"/);
  assert.match(page(''), /href="?\/docs\/assets\//, 'the pages link their assets under the sub-path');
});
