// The NGINX block-list job that the NGINX blacklist page ships, run exactly as printed on the page
// against feeds served on loopback. Its configuration test is a real `nginx -t` on a throw-away
// configuration in a temporary folder (never a running service); the reload is a recording stand-in.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {commonScriptTests, feedsOnLoopback, runScript, expectFailedDownloads} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const PAGE = 'main/configuration/firewalls/network-firewalls/nginx-blacklist.md';
const TITLE = '/usr/local/sbin/seerbox-nginx-sync';
const SNIPPET = '/etc/nginx/conf.d/seerbox-blocklist.conf';
const english = blockByTitle(path.join('docs', PAGE), TITLE);
const italian = blockByTitle(path.join(ITALIAN_DOCS_DIR, PAGE), TITLE);
const geoSnippet = blockByTitle(path.join('docs', PAGE), SNIPPET);

const hasNginx = spawnSync('nginx', ['-v']).error === undefined;

const feeds: Record<string, string> = {
  benign: '# Seer Box network rules\n192.0.2.10\r\n198.51.100.0/24\n\n2001:db8:5::/48\n192.0.2.10\n',
  'deny-lines': 'deny 192.0.2.10;\ndeny   2001:db8:5::/48 ;\n',
  other: '203.0.113.5\n',
  empty: '',
  three: '203.0.113.1\n203.0.113.2\n203.0.113.3\n',
  large: '203.0.113.1\n'.repeat(100),
  directive: 'include /etc/passwd;\n',
  'block-escape': '192.0.2.7; } server { listen 8080; } geo $x {\n',
  'deny-all': 'deny all;\n',
  'allow-line': 'allow 192.0.2.7;\n',
  'geo-value': '192.0.2.7 0;\n',
  'two-statements': 'deny 192.0.2.7; deny 10.0.0.0/8;\n',
  variable: '$remote_addr\n',
  'half-the-internet': '0.0.0.0/1\n128.0.0.0/1\n',
  'bad-octet': '192.0.2.256\n',
  'bad-ipv6': '2001:db8:::1\n',
};
const hostile: Record<string, RegExp> = {
  directive: /line 1: not an address or network: "include \/etc\/passwd;"/,
  'block-escape': /line 1: not an address or network/,
  'deny-all': /line 1: not an address or network: "deny all;"/,
  'allow-line': /line 1: not an address or network/,
  'geo-value': /line 1: not an address or network/,
  'two-statements': /line 1: not an address or network/,
  variable: /line 1: not an address or network/,
  'half-the-internet': /line 1: a network broader than \/8/,
  'bad-octet': /line 1: not a well-formed IPv4 address/,
  'bad-ipv6': /line 1: not a well-formed IPv6 address/,
};

const feedUrl = feedsOnLoopback(feeds);
commonScriptTests(english, italian);

const GEO_LIST =
  '# Written by seerbox-nginx-sync; local changes are overwritten.\n192.0.2.10 1;\n198.51.100.0/24 1;\n2001:db8:5::/48 1;\n';

/**
 * A throw-away nginx layout: the page's geo/map snippet (geo format) or a server include (deny
 * format) pointing at files in a temporary folder, tested with `nginx -t` on that folder only.
 */
function setUp(format: 'geo' | 'deny', current: string | null, layout: 'geo' | 'deny' = format) {
  const dir = tempDir('nginx-sync');
  writeFileSync(path.join(dir, 'job.sh'), english.code, {mode: 0o755});
  const target = path.join(dir, 'blocklist.conf');
  if (current !== null) writeFileSync(target, current);
  writeFileSync(path.join(dir, 'allowlist.conf'), '192.0.2.50 1;\n');
  const http =
    layout === 'geo'
      ? `${geoSnippet.code.replaceAll('/etc/nginx/seerbox/', `${dir}/`).replaceAll('/var/log/nginx/', `${dir}/`)}
         server { listen 127.0.0.1:8081; if ($seerbox_blocked) { return 403; } }`
      : `server { listen 127.0.0.1:8081; include ${target}; }`;
  writeFileSync(path.join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${http}\n}\n`);
  const log = path.join(dir, 'calls.log');
  const nginxTest = `nginx -t -q -e stderr -p '${dir}' -c '${dir}/nginx.conf'`;
  const run = (feed: string, settings: Record<string, string> = {}) =>
    runScript(path.join(dir, 'job.sh'), {
      PATH: process.env.PATH,
      CONFIG_FILE: path.join(dir, 'no-such-settings'),
      FEED_URL: feedUrl(feed),
      TARGET: target,
      FORMAT: format,
      TEST_CMD: `echo test >> '${log}'; ${nginxTest}`,
      RELOAD_CMD: `echo reload >> '${log}'`,
      LOCK_FILE: path.join(dir, 'lock'),
      ...settings,
    });
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  const leftovers = () => readdirSync(dir).filter((file) => file.includes('.new.'));
  const list = () => readFileSync(target, 'utf8');
  return {run, calls, leftovers, list};
}

/** A test that needs Debian's nginx; a clear skip without it, a failure in CI. */
function nginxTest(name: string, body: () => Promise<void>) {
  test(name, async (t) => {
    if (!hasNginx) {
      if (process.env.CI) assert.fail('nginx is not installed (.ci/run installs it)');
      return t.skip('nginx is not installed: apt-get install nginx');
    }
    await body();
  });
}

nginxTest('a feed becomes a geo list that nginx accepts; the same feed again changes nothing', async () => {
  const job = setUp('geo', null);
  const first = await job.run('benign');
  assert.equal(first.status, 0, first.stderr);
  assert.equal(job.list(), GEO_LIST);
  assert.deepEqual(job.calls(), ['test', 'reload']);
  assert.match(first.stdout, /block list updated: 3 entries/);
  const again = await job.run('benign');
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(job.calls(), ['test', 'reload'], 'no second reload');
  assert.deepEqual(job.leftovers(), []);
});

nginxTest('deny lines in the feed become a deny include that nginx accepts', async () => {
  const job = setUp('deny', null);
  const result = await job.run('deny-lines');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(
    job.list(),
    '# Written by seerbox-nginx-sync; local changes are overwritten.\ndeny 192.0.2.10;\ndeny 2001:db8:5::/48;\n',
  );
  assert.deepEqual(job.calls(), ['test', 'reload']);
});

nginxTest('an empty feed empties the list', async () => {
  const job = setUp('geo', GEO_LIST);
  const result = await job.run('empty');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(job.list(), '# Written by seerbox-nginx-sync; local changes are overwritten.\n');
});

for (const [feed, reason] of Object.entries(hostile)) {
  nginxTest(`a hostile feed is refused and the list in force is kept: ${feed}`, async () => {
    const job = setUp('geo', GEO_LIST);
    const result = await job.run(feed);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /feed refused, current list kept/);
    assert.match(result.stderr, reason);
    assert.equal(job.list(), GEO_LIST);
    assert.deepEqual(job.calls(), [], 'neither tested nor reloaded');
  });
}

nginxTest('limits: more than MAX_ENTRIES entries or MAX_BYTES bytes are refused', async () => {
  const job = setUp('geo', GEO_LIST);
  const many = await job.run('three', {MAX_ENTRIES: '2'});
  assert.equal(many.status, 1);
  assert.match(many.stderr, /line 3: more than 2 entries/);
  const large = await job.run('large', {MAX_BYTES: '200'});
  assert.equal(large.status, 1);
  assert.match(large.stderr, /larger than 200 bytes, current list kept/);
  assert.equal(job.list(), GEO_LIST);
  assert.deepEqual(job.calls(), []);
});

nginxTest('a failed download (404, 500) keeps the list in force', async () => {
  const job = setUp('geo', GEO_LIST);
  await expectFailedDownloads(job.run, () => assert.equal(job.list(), GEO_LIST));
  assert.deepEqual(job.calls(), []);
});

nginxTest('a list that nginx -t rejects is rolled back without a reload', async () => {
  // deny lines where the configuration expects geo lines: nginx -t fails on the real file.
  const job = setUp('deny', GEO_LIST, 'geo');
  const result = await job.run('other');
  assert.equal(result.status, 1);
  assert.match(result.stderr, /configuration test failed, previous list restored/);
  assert.equal(job.list(), GEO_LIST);
  assert.deepEqual(job.calls(), ['test']);
  assert.deepEqual(job.leftovers(), []);
});

test('an unknown FORMAT stops the job with a clear message', () => {
  const bad = spawnSync('bash', ['-c', english.code], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, CONFIG_FILE: '/nonexistent', FEED_URL: 'http://127.0.0.1:9/', FORMAT: 'json'},
  });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /FORMAT must be geo or deny, not 'json'/);
});

nginxTest('a failed reload puts the previous list back, so the next run reloads again', async () => {
  const job = setUp('geo', null);
  const failed = await job.run('benign', {RELOAD_CMD: 'exit 1'});
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /reload failed, previous list restored; the next run tries again/);
  assert.equal(job.list(), '', 'no list before, an empty one after');
  const retried = await job.run('benign');
  assert.equal(retried.status, 0, retried.stderr);
  assert.equal(job.list(), GEO_LIST);
  assert.deepEqual(job.calls(), ['test', 'test', 'reload'], 'tested twice, reloaded by the second run');
  assert.deepEqual(job.leftovers(), []);
});
