import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {benchPages, parseArgs, treeRss} from '../../scripts/bench.mjs';
import {chromiumArgs} from '../../scripts/lib/chromium.mjs';

test('bench: options, and bad ones refused', () => {
  assert.deepEqual(parseArgs([]), {build: true, dir: 'build'});
  assert.deepEqual(parseArgs(['--skip-build', '--dir', 'out']), {build: false, dir: 'out'});
  assert.throws(() => parseArgs(['--no-browser']), /Unknown option '--no-browser'/);
  assert.throws(() => parseArgs(['--dir']), /'--dir <value>' argument missing/);
  assert.throws(() => parseArgs(['--fast']), /Unknown option '--fast'/);
  const cli = spawnSync(process.execPath, ['scripts/bench.mjs', '--skip-build', '--dir', '/nonexistent-build'], {
    encoding: 'utf8',
  });
  assert.equal(cli.status, 2);
  assert.match(cli.stderr, /no build in \/nonexistent-build/);
});

test('bench: the memory sampler sees this process and its children', () => {
  const own = treeRss(process.pid);
  assert.ok(own > 10 * 2 ** 20, `RSS of the test process: ${own}`);
  assert.equal(treeRss(2 ** 22 + 12345), 0);
});

test('lighthouse: lighthouserc.json audits each kind of page and the diagram pages, in both languages, as the bench serves them', () => {
  const {ci} = JSON.parse(readFileSync('lighthouserc.json', 'utf8'));
  const port = /--port (\d+)/.exec(ci.collect.startServerCommand)?.[1];
  const paths = ci.collect.url.map((url: string) => url.replace(`http://127.0.0.1:${port}`, ''));
  const english = [...Object.values(benchPages), '/main/architecture', '/main/configuration/sentinel/overview'];
  const italian = english.map((page) => (page === '/' ? '/it/' : `/it${page}`));
  assert.deepEqual(new Set(paths), new Set([...english, ...italian]));
  // The served copies are the ones nginx sends; without --compress every page would be weighed raw.
  assert.match(ci.collect.startServerCommand, /--compress/);
  // JSON cannot import scripts/lib/chromium.mjs: its copy of the offline flags must keep up with it.
  const flags = ci.collect.settings.chromeFlags.split(' ');
  for (const flag of chromiumArgs) assert.ok(flags.includes(flag), `lighthouserc.json's chromeFlags lack ${flag}`);
});

test('lighthouse: Lighthouse CI, installed apart by npm run lighthouse, runs the Lighthouse its lock pins, not its own older one', () => {
  // @lhci/cli 0.14 asks for Lighthouse 12.1.0, which counted four times the blocking time of 12.8.2
  // on the same page and build (1,200-1,440 ms against 300-360 ms, Linux guide page, 27 November 2026).
  const manifest = JSON.parse(readFileSync('tools/lighthouse/package.json', 'utf8'));
  const {packages} = JSON.parse(readFileSync('tools/lighthouse/package-lock.json', 'utf8'));
  const copies = Object.keys(packages).filter((key) => key.endsWith('node_modules/lighthouse'));
  assert.deepEqual(copies, ['node_modules/lighthouse'], 'one Lighthouse in the lock, the one @lhci/cli loads');
  assert.equal(packages['node_modules/lighthouse'].version, manifest.overrides['@lhci/cli'].lighthouse);
  assert.equal(packages['node_modules/@lhci/cli'].version, manifest.devDependencies['@lhci/cli']);
  // Kept out of the site's own install: every npm ci and CI run would carry it.
  const site = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  assert.equal(site.packages['node_modules/@lhci/cli'], undefined);
  assert.equal(site.packages['node_modules/lighthouse'], undefined);
});
