// Outcome tests of the iptables firewall page: the ipset job as printed on the page, run as root in a
// network namespace ("host") wired by a veth pair to a second namespace ("seerbox") that serves the
// feed on 10.200.0.1. Packets therefore cross a real interface and the SEERBOX chain, not loopback,
// which the chain lets through. Neither namespace can reach the machine's own network.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {feedServerProgram, type Run} from '../support/script-tests';
import {tempDir} from '../support/temp';

const PAGE = 'docs/main/configuration/firewalls/network-firewalls/ip-tables-firewall.md';
const job = blockByTitle(PAGE, '/usr/local/sbin/seerbox-ipset-sync').code;

const missing = ['unshare', 'nsenter', 'ip', 'ipset', 'iptables', 'ip6tables', 'curl', 'flock', 'getent'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
const cannotRun =
  process.getuid?.() !== 0
    ? 'needs root to make network namespaces (run the tests as root, as CI does)'
    : missing.length
      ? `missing ${missing.join(', ')}: apt-get install iptables ipset iproute2 curl util-linux`
      : '';

const dir = tempDir('outcome-iptables');
const children: ChildProcess[] = [];

/** A new network namespace, held open by a sleeping process; returns its /proc path. */
async function namespace(): Promise<string> {
  const holder = spawn('unshare', ['--net', 'sleep', 'infinity'], {stdio: 'ignore'});
  children.push(holder);
  const ns = `/proc/${holder.pid}/ns/net`;
  const own = readlinkSync('/proc/self/ns/net');
  for (let i = 0; i < 500 && (!existsSync(ns) || readlinkSync(ns) === own); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.notEqual(readlinkSync(ns), own, 'the namespace was not created');
  return ns;
}

function inside(ns: string, command: string[], env: NodeJS.ProcessEnv = {PATH: process.env.PATH}): Run {
  const result = spawnSync('nsenter', [`--net=${ns}`, '--', ...command], {encoding: 'utf8', env});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

function ok(ns: string, command: string) {
  const result = inside(ns, ['sh', '-c', command]);
  assert.equal(result.status, 0, `${command}: ${result.stderr}`);
}

/** Starts a Node server inside a namespace and waits for its "ready" line. */
async function serve(ns: string, program: string, ...args: string[]) {
  const server = spawn('nsenter', [`--net=${ns}`, '--', process.execPath, '-e', program, ...args]);
  children.push(server);
  await new Promise<void>((resolve, reject) => {
    server.stdout?.once('data', () => resolve());
    server.once('exit', () => reject(new Error('a test server did not start')));
  });
}

let host = '';
let seerbox = '';
before(async () => {
  if (cannotRun) return;
  writeFileSync(path.join(dir, 'job.sh'), job, {mode: 0o755});
  [host, seerbox] = [await namespace(), await namespace()];
  ok(seerbox, 'ip link set lo up && ip link add veth-s type veth peer name veth-h');
  ok(seerbox, `ip link set veth-h netns ${host.split('/')[2]}`);
  // 10.200.0.1 serves the feed; 10.200.0.3 and .4 stand for other machines on that side.
  ok(seerbox, 'for a in 1 3 4; do ip addr add 10.200.0.$a/24 dev veth-s; done && ip link set veth-s up');
  ok(host, 'ip link set lo up && ip addr add 10.200.0.2/24 dev veth-h && ip link set veth-h up');
  await serve(seerbox, feedServerProgram, dir, '0.0.0.0');
  await serve(
    host,
    "require('node:http').createServer((q, r) => r.end('ok')).listen(8081, () => console.log('ready'))",
  );
});
after(() => children.forEach((child) => child.kill()));

const feed = (name: string, body: string) => writeFileSync(path.join(dir, name), body);
/** Runs the job in the host namespace; a setting given as undefined is left out of the environment. */
function run(name: string, settings: Record<string, string | undefined> = {}, PATH = process.env.PATH) {
  const env: NodeJS.ProcessEnv = {
    PATH,
    CONFIG_FILE: path.join(dir, 'no-such-settings'),
    FEED_URL: `http://10.200.0.1:8080/feeds/${name}`,
    ALLOW_FILE: path.join(dir, 'allow.txt'),
    LOCK_FILE: path.join(dir, 'lock'),
    RESOLVERS: '',
    ...settings,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return inside(host, ['bash', path.join(dir, 'job.sh')], env);
}
const members = (set: string) =>
  inside(host, ['ipset', 'list', set]).stdout.split('Members:\n')[1].trim().split('\n').filter(Boolean).sort();
/** Whether an HTTP request from `ns`, leaving from `source`, gets an answer from `url`. */
const answered = (ns: string, source: string, url: string) =>
  inside(ns, ['curl', '-sS', '--max-time', '3', '--interface', source, url]).status === 0;

function outcome(name: string, body: () => void) {
  test(name, (t) => {
    if (cannotRun) {
      if (process.env.CI) assert.fail(cannotRun);
      return t.skip(cannotRun);
    }
    feed('start', '198.51.100.0/24\n');
    const start = run('start');
    assert.equal(start.status, 0, start.stderr);
    body();
  });
}

const slash8 = (count: number) => Array.from({length: count}, (_, i) => `${i + 1}.0.0.0/8`).join('\n');

outcome('a feed of /8 networks covering half of IPv4 is refused, and the sets in force are kept', () => {
  feed('half', `${slash8(128)}\n`);
  const refused = run('half');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /feed refused, .*: line 2: together more addresses than one \/8 network/);
  assert.deepEqual(members('seerbox-block4'), ['198.51.100.0/24']);
  // One /8 is within the default cap; a wider cap is a setting.
  feed('one', '10.0.0.0/8\n');
  assert.equal(run('one').status, 0);
  const wider = run('half', {TOTAL_PREFIX4: '1'});
  assert.equal(wider.status, 0, wider.stderr);
  assert.equal(members('seerbox-block4').length, 128);
});

outcome('a feed that lists the feed server and the resolvers cannot stop the next download', () => {
  feed('self', '10.200.0.1\n10.200.0.53\n203.0.113.7\n');
  assert.equal(run('self', {RESOLVERS: '10.200.0.53'}).status, 0);
  assert.deepEqual(members('seerbox-block4'), ['10.200.0.1', '10.200.0.53', '203.0.113.7']);
  const next = run('self', {RESOLVERS: '10.200.0.53'});
  assert.equal(next.status, 0, `the second download was blocked: ${next.stderr}`);
  assert.deepEqual(members('seerbox-allow4'), ['10.200.0.1', '10.200.0.53']);
  // Without the setting, the nameservers of /etc/resolv.conf are the resolvers.
  const resolvers = [...readFileSync('/etc/resolv.conf', 'utf8').matchAll(/^nameserver\s+([\d.]+)\s*$/gm)];
  assert.equal(run('self', {RESOLVERS: undefined}).status, 0);
  for (const [, address] of resolvers) assert.ok(members('seerbox-allow4').includes(address), address);
});

outcome('a blocked address cannot open connections, but answers to this host still arrive', () => {
  feed('peer', '10.200.0.3\n');
  assert.equal(run('peer').status, 0);
  assert.equal(answered(seerbox, '10.200.0.3', 'http://10.200.0.2:8081/'), false, 'the blocked source got in');
  assert.equal(answered(seerbox, '10.200.0.4', 'http://10.200.0.2:8081/'), true, 'an unlisted source was refused');
  assert.equal(answered(host, '10.200.0.2', 'http://10.200.0.3:8080/feeds/peer'), true, 'the reply was dropped');
});

outcome('without usable ip6tables, IPv4 is still enforced and IPv6 is skipped with a log line', () => {
  // A kernel booted with ipv6.disable=1 has no IPv6 netfilter tables, so every ip6tables call fails
  // like this shim. Turning IPv6 off in a namespace (net.ipv6.conf.all.disable_ipv6) does not
  // reproduce it: the tables stay and ip6tables keeps working.
  const shim = path.join(dir, 'shim');
  mkdirSync(shim, {recursive: true});
  writeFileSync(
    path.join(shim, 'ip6tables'),
    "#!/bin/sh\necho \"ip6tables v1.8.9 (legacy): can't initialize ip6tables table 'filter': Address family not supported by protocol\" >&2\nexit 3\n",
    {mode: 0o755},
  );
  feed('mixed', '203.0.113.9\n2001:db8:9::/48\n');
  const result = run('mixed', {}, `${shim}:${process.env.PATH}`);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /ip6tables cannot be used \(IPv6 disabled in the kernel\?\): enforcing IPv4 only/);
  assert.match(result.stdout, /feed: 1 IPv6 entries not enforced, IPv6 is unavailable/);
  assert.deepEqual(members('seerbox-block4'), ['203.0.113.9']);
  assert.ok(
    inside(host, ['iptables', '-w', '-S', 'SEERBOX']).stdout.includes('--match-set seerbox-block4 src -j DROP'),
  );
});

outcome('a SEERBOX chain written by the previous version gains the reply rule before the drop', () => {
  ok(host, 'iptables -w -F SEERBOX');
  for (const rule of [
    '-i lo -j RETURN',
    '-m set --match-set seerbox-allow4 src -j RETURN',
    '-m set --match-set seerbox-block4 src -j DROP',
  ]) {
    ok(host, `iptables -w -A SEERBOX ${rule}`);
  }
  assert.equal(run('start').status, 0);
  assert.deepEqual(inside(host, ['iptables', '-w', '-S', 'SEERBOX']).stdout.trim().split('\n').slice(1), [
    '-A SEERBOX -i lo -j RETURN',
    '-A SEERBOX -m conntrack --ctdir REPLY -j RETURN',
    '-A SEERBOX -m set --match-set seerbox-allow4 src -j RETURN',
    '-A SEERBOX -m set --match-set seerbox-block4 src -j DROP',
  ]);
});
