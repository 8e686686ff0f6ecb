// The two samples of the Custom format page's "What reaches the traffic source" section, run as
// printed against a UDP receiver on loopback: the framing test really sends one line without and
// one with a syslog header, and the rsyslog relay really forwards a file's lines with no header.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {appendFileSync, writeFileSync} from 'node:fs';
import {createSocket, type Socket} from 'node:dgram';
import path from 'node:path';
import {blockByTitle, withoutShellComments} from '../support/code-blocks';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const PAGE = 'main/configuration/traffic-sources/log-sources-and-formats/custom.md';
const pages = {
  en: path.join('docs', PAGE),
  it: path.join(ITALIAN_DOCS_DIR, PAGE),
};
const SCRIPT = 'framing-test.sh';
const RELAY = '/etc/rsyslog.d/60-seerbox-raw.conf';

/** A UDP receiver on a free loopback port that collects the datagrams it gets. */
async function receiver(): Promise<{socket: Socket; port: number; got: string[]; wait: (n: number) => Promise<void>}> {
  const socket = createSocket('udp4');
  const got: string[] = [];
  socket.on('message', (message) => got.push(message.toString('utf8')));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const wait = async (n: number) => {
    for (let i = 0; i < 100 && got.length < n; i += 1) await new Promise((r) => setTimeout(r, 100));
  };
  return {socket, port: socket.address().port, got, wait};
}

/** Skip when a tool is missing on a developer's machine; CI installs it and must run the test. */
function need(t: {skip: (reason: string) => void}, tool: string, pkg: string): boolean {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return true;
  if (process.env.CI) assert.fail(`${tool} is not installed (.ci/run installs ${pkg})`);
  t.skip(`${tool} is not installed: apt-get install ${pkg}`);
  return false;
}

/** The page's placeholders filled with loopback values, as an administrator would fill them. */
const fill = (code: string, port: number) =>
  code.replaceAll('<SEERBOX_HOST>', '127.0.0.1').replaceAll('<SOURCE_PORT>', String(port));

const LINE =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d 203\.0\.113\.45 51522 10\.20\.0\.15 443 "GET" "\/(framing-test-\w+)" "" "HTTP\/1\.1" 200 100 100 "shop\.example\.com" "" "curl" "" "" "" "" (framing-test-\w+)$/;

test('the framing test sends one bare line and one line behind an RFC 3164 header', async (t) => {
  if (!need(t, 'logger', 'bsdutils')) return;
  const {code} = blockByTitle(pages.en, SCRIPT);
  const udp = await receiver();
  try {
    const script = fill(code, udp.port);
    assert.doesNotMatch(script, /<[A-Z_]+>/, 'every placeholder is substituted');
    const run = spawnSync('bash', ['-c', script], {encoding: 'utf8'});
    assert.equal(run.status, 0, run.stderr);
    await udp.wait(2);
    assert.equal(udp.got.length, 2, `two datagrams, got ${JSON.stringify(udp.got)}`);
    const bare = udp.got.find((d) => d.includes('/framing-test-bare'));
    const framed = udp.got.find((d) => d.includes('/framing-test-header'));
    assert.ok(bare && framed);
    // The bare datagram is exactly one line of the reference layout, path and ID agreeing.
    const matchBare = LINE.exec(bare);
    assert.ok(matchBare, `bare line matches the layout: ${bare}`);
    assert.equal(matchBare[1], matchBare[2]);
    // The other is the same line behind "<PRI>Mmm dd hh:mm:ss host tag: ".
    const header = /^<\d{1,3}>[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ seerbox-test: (.*)$/.exec(framed);
    assert.ok(header, `RFC 3164 header in front: ${framed}`);
    assert.match(header[1], LINE);
  } finally {
    udp.socket.close();
  }
});

test('the framing test is ShellCheck-clean and identical in Italian apart from comments', (t) => {
  const en = blockByTitle(pages.en, SCRIPT).code;
  const it = blockByTitle(pages.it, SCRIPT).code;
  assert.equal(withoutShellComments(it), withoutShellComments(en));
  assert.notEqual(it, en, 'the Italian comments are translated');
  if (!need(t, 'shellcheck', 'shellcheck')) return;
  const check = spawnSync('shellcheck', ['-S', 'warning', '-s', 'bash', '-'], {
    input: fill(en, 5140),
    encoding: 'utf8',
  });
  assert.equal(check.status, 0, check.stdout);
});

test('the rsyslog relay is identical in Italian apart from comments', () => {
  const en = blockByTitle(pages.en, RELAY).code;
  const it = blockByTitle(pages.it, RELAY).code;
  assert.equal(withoutShellComments(it), withoutShellComments(en));
  assert.notEqual(it, en, 'the Italian comments are translated');
});

test('the rsyslog relay forwards each new line of the file unchanged, with no header', async (t) => {
  if (!need(t, 'rsyslogd', 'rsyslog')) return;
  const dir = tempDir('rsyslog-raw');
  const log = path.join(dir, 'seerbox.log');
  writeFileSync(log, '');
  const udp = await receiver();
  const {code} = blockByTitle(pages.en, RELAY);
  const relay = fill(code.replaceAll('/var/log/nginx/seerbox.log', log), udp.port);
  assert.notEqual(relay, code, 'the page names the file, host and port the test replaces');
  assert.doesNotMatch(relay, /<[A-Z_]+>/, 'every placeholder is substituted');
  // A private work directory (imfile keeps its read position there) and a private PID file.
  const conf = path.join(dir, 'rsyslog.conf');
  writeFileSync(conf, `global(workDirectory="${dir}")\n${relay}`);
  const validate = spawnSync('rsyslogd', ['-N1', '-f', conf], {encoding: 'utf8'});
  assert.equal(validate.status, 0, validate.stderr);

  const daemon = spawn('rsyslogd', ['-n', '-f', conf, '-i', path.join(dir, 'pid')], {stdio: 'ignore'});
  try {
    await new Promise((r) => setTimeout(r, 1500));
    // Quotes, escapes, angle brackets and percent signs must arrive exactly as written.
    const lines = [
      '2026-11-24T10:00:00+01:00 203.0.113.9 40000 10.0.0.1 443 "GET" "/a b" "q=%3Cscript%3E" "HTTP/1.1" 200 10 20 "shop.example.com" "" "ua \\"quoted\\"" "" "" "" "" id-1',
      '<190>Nov 24 10:00:00 fake-header: a line that only looks like syslog',
    ];
    for (const line of lines) appendFileSync(log, `${line}\n`);
    await udp.wait(lines.length);
    assert.deepEqual(udp.got, lines);
  } finally {
    daemon.kill('SIGTERM');
    udp.socket.close();
  }
});
