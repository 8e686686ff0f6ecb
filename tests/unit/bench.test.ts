import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {benchPages, parseArgs, treeRss} from '../../scripts/bench.mjs';
import {defaultPages, parseArgs as parseLighthouseArgs} from '../../scripts/lighthouse.mjs';

test('bench: options, and bad ones refused', () => {
  assert.deepEqual(parseArgs([]), {build: true, dir: 'build', browser: true});
  assert.deepEqual(parseArgs(['--skip-build', '--no-browser', '--dir', 'out']), {
    build: false,
    dir: 'out',
    browser: false,
  });
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

test('lighthouse: the four kinds of page in both languages, and bad options refused', () => {
  assert.equal(defaultPages().length, 12);
  assert.ok(defaultPages().includes('/it/main/architecture'));
  assert.deepEqual(defaultPages().slice(0, 2), ['/', '/it/']);
  assert.ok(defaultPages().includes(`/it${benchPages.guide}`));
  assert.deepEqual(parseLighthouseArgs(['--page', '/x', '--json']).pages, ['/x']);
  assert.throws(() => parseLighthouseArgs(['--page', 'x']), /must be a path starting with "\/"/);
  assert.throws(() => parseLighthouseArgs(['--dir']), /'--dir <value>' argument missing/);
  const cli = spawnSync(process.execPath, ['scripts/lighthouse.mjs', '--dir', '/nonexistent-build'], {
    encoding: 'utf8',
  });
  assert.equal(cli.status, 2);
  assert.match(cli.stderr, /no build in \/nonexistent-build/);
});
