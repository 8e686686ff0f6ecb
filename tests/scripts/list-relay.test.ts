// The block-list relay that the generic blacklist page ships, run exactly as printed on the page
// against feeds served on loopback: what it publishes, and what it refuses while keeping the
// list that firewalls already import.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {commonScriptTests, feedsOnLoopback, runScript, expectFailedDownloads} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const PAGE = 'main/configuration/firewalls/network-firewalls/generic-blacklist.md';
const TITLE = '/usr/local/sbin/seerbox-list-relay';
const english = blockByTitle(path.join('docs', PAGE), TITLE);
const italian = blockByTitle(path.join(ITALIAN_DOCS_DIR, PAGE), TITLE);

const PUBLISHED = '192.0.2.10\n198.51.100.0/24\n2001:db8:5::/48\n';
const feeds: Record<string, string> = {
  benign: '# Seer Box network rules\n192.0.2.10\r\n198.51.100.0/24 # comment\n\n2001:db8:5::/48\n192.0.2.10\n',
  empty: '',
  three: '203.0.113.1\n203.0.113.2\n203.0.113.3\n',
  large: '203.0.113.1\n'.repeat(100),
  html: '<html><body>Login</body></html>\n',
  'second-word': '192.0.2.7 # fine\n192.0.2.8 extra\n',
  'deny-line': 'deny 192.0.2.7;\n',
  'half-the-internet': '0.0.0.0/1\n',
  'bad-octet': '192.0.2.256\n',
  'bad-ipv6': '2001:db8:::1\n',
};
const hostile: Record<string, RegExp> = {
  html: /line 1: not an address or network: "<html><body>Login<\/body><\/html>"/,
  'second-word': /line 2: not an address or network: "192\.0\.2\.8 extra"/,
  'deny-line': /line 1: not an address or network/,
  'half-the-internet': /line 1: a network broader than \/8/,
  'bad-octet': /line 1: not a well-formed IPv4 address/,
  'bad-ipv6': /line 1: not a well-formed IPv6 address/,
};

const feedUrl = feedsOnLoopback(feeds);
commonScriptTests(english, italian);

/** A web root with the list currently published, and a runner for the relay. */
function setUp(current: string | null) {
  const dir = tempDir('list-relay');
  writeFileSync(path.join(dir, 'job.sh'), english.code, {mode: 0o755});
  const out = path.join(dir, 'blocklist.txt');
  if (current !== null) writeFileSync(out, current);
  const run = (feed: string, settings: Record<string, string> = {}) =>
    runScript(path.join(dir, 'job.sh'), {
      PATH: process.env.PATH,
      CONFIG_FILE: path.join(dir, 'no-such-settings'),
      FEED_URL: feedUrl(feed),
      OUT: out,
      ...settings,
    });
  const published = () => readFileSync(out, 'utf8');
  const leftovers = () => readdirSync(dir).filter((file) => file.startsWith('.relay.'));
  return {run, published, leftovers};
}

test('a feed is published as one address or network per line, nothing else', async () => {
  const relay = setUp(null);
  const result = await relay.run('benign');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(relay.published(), PUBLISHED);
  assert.match(result.stdout, /published 3 entries/);
  assert.deepEqual(relay.leftovers(), []);
});

test('an empty feed publishes an empty list', async () => {
  const relay = setUp(PUBLISHED);
  const result = await relay.run('empty');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(relay.published(), '');
});

for (const [feed, reason] of Object.entries(hostile)) {
  test(`a hostile feed is refused and the published list is kept: ${feed}`, async () => {
    const relay = setUp(PUBLISHED);
    const result = await relay.run(feed);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /feed refused, previous list kept/);
    assert.match(result.stderr, reason);
    assert.equal(relay.published(), PUBLISHED);
    assert.deepEqual(relay.leftovers(), []);
  });
}

test('limits, failed downloads: the published list is kept', async () => {
  const relay = setUp(PUBLISHED);
  const many = await relay.run('three', {MAX_ENTRIES: '2'});
  assert.match(many.stderr, /line 3: more than 2 entries/);
  const large = await relay.run('large', {MAX_BYTES: '200'});
  assert.match(large.stderr, /larger than 200 bytes, previous list kept/);
  await expectFailedDownloads(relay.run, () => undefined);
  assert.equal(relay.published(), PUBLISHED);
  assert.deepEqual(relay.leftovers(), []);
});
