// The iptables/ipset loader that the iptables firewall page ships, run exactly as printed on the
// page inside a network namespace made for each test (`unshare --net`), so it never touches the
// host's rules. The feed is served by a loopback server inside the same namespace.
import {test, before, after, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync, readlinkSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {commonScriptTests, feedServerProgram, type Run, expectFailedDownloads} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const PAGE = 'main/configuration/firewalls/network-firewalls/ip-tables-firewall.md';
const TITLE = '/usr/local/sbin/seerbox-ipset-sync';
const english = blockByTitle(path.join('docs', PAGE), TITLE);
const italian = blockByTitle(path.join(ITALIAN_DOCS_DIR, PAGE), TITLE);

const missing = ['unshare', 'nsenter', 'ip', 'ipset', 'iptables', 'ip6tables', 'curl', 'flock'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
const isRoot = process.getuid?.() === 0;
/** Why these tests cannot run here, or '' when they can. In CI a reason is a failure, not a skip. */
const cannotRun = !isRoot
  ? 'needs root to make a network namespace (run the tests as root, as CI does)'
  : missing.length
    ? `missing ${missing.join(', ')}: apt-get install iptables ipset iproute2 curl util-linux`
    : '';

const BENIGN = '# Seer Box network rules\n192.0.2.10\r\n198.51.100.0/24\n\n2001:db8:5::/48\n192.0.2.10\n';
const hostile: Record<string, [string, RegExp]> = {
  'ipset-option': ['192.0.2.7 nomatch\n', /line 1: not an address or network: "192\.0\.2\.7 nomatch"/],
  'restore-command': ['192.0.2.7\ncreate x hash:ip\n', /line 2: not an address or network/],
  'shell-command': ['$(touch /tmp/seerbox-pwned)\n', /line 1: not an address or network/],
  'bad-octet': ['192.0.2.256\n', /line 1: not a well-formed IPv4 address/],
  'leading-zero': ['010.0.0.1\n', /line 1: not a well-formed IPv4 address/],
  'bad-ipv6': ['2001:db8:::1\n', /line 1: not a well-formed IPv6 address/],
  'bad-prefix': ['192.0.2.0/33\n', /line 1: not a valid prefix length/],
  'half-the-internet': ['0.0.0.0/1\n128.0.0.0/1\n', /line 1: a network broader than \/8/],
  'all-ipv6': ['::/0\n', /line 1: a network broader than \/32/],
  'interface-scope': ['fe80::1%eth0\n', /line 1: not an address or network/],
};

/** A new network namespace with a feed server on 127.0.0.1:8080 inside it. */
async function namespace() {
  const dir = tempDir('ipset-sync');
  writeFileSync(path.join(dir, 'job.sh'), english.code, {mode: 0o755});
  const holder = spawn('unshare', ['--net', 'sleep', 'infinity'], {stdio: 'ignore'});
  const ns = `/proc/${holder.pid}/ns/net`;
  const own = readlinkSync('/proc/self/ns/net');
  for (let i = 0; i < 500 && (!existsSync(ns) || readlinkSync(ns) === own); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.notEqual(readlinkSync(ns), own, 'the namespace was not created');
  const enter = (command: string[], env: NodeJS.ProcessEnv = {PATH: process.env.PATH}): Run => {
    const result = spawnSync('nsenter', [`--net=${ns}`, '--', ...command], {encoding: 'utf8', env});
    return {status: result.status, stdout: result.stdout, stderr: result.stderr};
  };
  assert.equal(enter(['ip', 'link', 'set', 'lo', 'up']).status, 0);
  const server: ChildProcess = spawn('nsenter', [`--net=${ns}`, '--', process.execPath, '-e', feedServerProgram, dir]);
  await new Promise<void>((resolve, reject) => {
    server.stdout?.once('data', () => resolve());
    server.once('exit', () => reject(new Error('the feed server did not start')));
  });
  const feed = (name: string, body: string) => writeFileSync(path.join(dir, name), body);
  const run = (name: string, settings: Record<string, string> = {}) =>
    enter(['bash', path.join(dir, 'job.sh')], {
      PATH: process.env.PATH,
      CONFIG_FILE: path.join(dir, 'no-such-settings'),
      FEED_URL: `http://127.0.0.1:8080/feeds/${name}`,
      ALLOW_FILE: path.join(dir, 'allow.txt'),
      LOCK_FILE: path.join(dir, 'lock'),
      // The host's resolvers would join the allowlist; tests/outcome/firewall-iptables.test.ts covers them.
      RESOLVERS: '',
      ...settings,
    });
  const members = (set: string) => {
    const listing = enter(['ipset', 'list', set]).stdout;
    return listing.split('Members:\n')[1].trim().split('\n').filter(Boolean).sort();
  };
  const rules = (tool: string) => enter([tool, '-w', '-S']).stdout.trim().split('\n');
  const close = () => {
    server.kill();
    holder.kill();
  };
  return {dir, feed, run, members, rules, close};
}

// One namespace for the file (made once: the machine is shared); each test starts from the
// benign feed and an empty allowlist.
let shared: Awaited<ReturnType<typeof namespace>> | undefined;
before(async () => {
  if (!cannotRun) shared = await namespace();
});
after(() => shared?.close());

/** Runs `body` in the test namespace, with the benign feed loaded and an empty allowlist. */
function nsTest(name: string, body: (ns: Awaited<ReturnType<typeof namespace>>, t: TestContext) => unknown) {
  test(name, async (t) => {
    if (cannotRun || !shared) {
      if (process.env.CI) assert.fail(cannotRun);
      return t.skip(cannotRun);
    }
    rmSync(path.join(shared.dir, 'allow.txt'), {force: true});
    shared.feed('benign', BENIGN);
    const first = shared.run('benign');
    assert.equal(first.status, 0, first.stderr);
    await body(shared, t);
  });
}

commonScriptTests(english, italian);

const BLOCKED4 = ['192.0.2.10', '198.51.100.0/24'];
const BLOCKED6 = ['2001:db8:5::/48'];

nsTest('a feed of addresses is loaded into the sets, behind loopback, replies and the allowlist', (ns) => {
  assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
  assert.deepEqual(ns.members('seerbox-block6'), BLOCKED6);
  const chain = [
    '-A SEERBOX -i lo -j RETURN',
    '-A SEERBOX -m conntrack --ctdir REPLY -j RETURN',
    '-A SEERBOX -m set --match-set seerbox-allow4 src -j RETURN',
    '-A SEERBOX -m set --match-set seerbox-block4 src -j DROP',
  ];
  assert.deepEqual(
    ns.rules('iptables').filter((rule) => rule.startsWith('-A SEERBOX')),
    chain,
  );
  assert.ok(ns.rules('iptables').includes('-A INPUT -j SEERBOX'));
  assert.ok(ns.rules('ip6tables').includes('-A SEERBOX -m set --match-set seerbox-block6 src -j DROP'));
  // A second run adds no rule and leaves no temporary set.
  assert.equal(ns.run('benign').status, 0);
  assert.equal(ns.rules('iptables').filter((rule) => rule.includes('SEERBOX')).length, 6);
  assert.equal(ns.members('seerbox-block4').length, 2);
});

nsTest('a new feed replaces the sets; an empty feed empties them', (ns) => {
  ns.feed('other', '203.0.113.5\n');
  assert.equal(ns.run('other').status, 0);
  assert.deepEqual(ns.members('seerbox-block4'), ['203.0.113.5']);
  assert.deepEqual(ns.members('seerbox-block6'), []);
  ns.feed('empty', '');
  const empty = ns.run('empty');
  assert.equal(empty.status, 0, empty.stderr);
  assert.deepEqual(ns.members('seerbox-block4'), []);
});

// One benign load for all of them: a refused feed changes nothing, so each case starts from it.
nsTest('hostile feeds are refused and the sets in force are kept', async (ns, t) => {
  for (const [name, [body, reason]] of Object.entries(hostile)) {
    await t.test(name, () => {
      ns.feed(name, body);
      const result = ns.run(name);
      assert.equal(result.status, 1);
      assert.match(result.stderr, /feed refused, seerbox-block4 and seerbox-block6 kept/);
      assert.match(result.stderr, reason);
      assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
      assert.deepEqual(ns.members('seerbox-block6'), BLOCKED6);
      assert.equal(existsSync('/tmp/seerbox-pwned'), false);
    });
  }
});

nsTest('more entries than MAX_ENTRIES are refused', (ns) => {
  ns.feed('three', '203.0.113.1\n203.0.113.2\n203.0.113.3\n');
  const result = ns.run('three', {MAX_ENTRIES: '2'});
  assert.equal(result.status, 1);
  assert.match(result.stderr, /line 3: more than 2 entries/);
  assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
});

nsTest('a feed larger than MAX_BYTES is refused', (ns) => {
  ns.feed('large', '203.0.113.1\n'.repeat(100));
  const result = ns.run('large', {MAX_BYTES: '200'});
  assert.equal(result.status, 1);
  assert.match(result.stderr, /larger than 200 bytes, block sets kept/);
  assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
});

nsTest('a failed download (404, 500) keeps the sets in force', (ns) =>
  expectFailedDownloads(ns.run, (result) => {
    assert.match(result.stderr, /download failed/);
    assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
  }),
);

nsTest('a typo in the allowlist stops the run before the block sets change', (ns) => {
  writeFileSync(path.join(ns.dir, 'allow.txt'), '192.0.2.50\n192.0.2.0/28x\n');
  ns.feed('other', '203.0.113.5\n');
  const result = ns.run('other');
  assert.equal(result.status, 1);
  assert.match(result.stderr, /allowlist refused, seerbox-allow4 and seerbox-allow6 kept: line 2/);
  assert.deepEqual(ns.members('seerbox-block4'), BLOCKED4);
  writeFileSync(path.join(ns.dir, 'allow.txt'), '# admin workstation\n192.0.2.50\n');
  assert.equal(ns.run('other').status, 0);
  // The feed server (127.0.0.1 here) always joins the allowlist.
  assert.deepEqual(ns.members('seerbox-allow4'), ['127.0.0.1', '192.0.2.50']);
});
