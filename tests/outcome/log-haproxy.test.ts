// The HAProxy page's procedure, run: its haproxy.cfg with a private haproxy in the foreground on
// loopback (the frontend's plain-HTTP bind on a free port, the backends replaced by a Node server on
// loopback, the process log kept out of /dev/log), a Node UDP listener in place of Seer Box, and
// every line read back with the page's own Custom template.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {after} from 'node:test';
import {tempDir} from '../support/temp';
import {
  HARD_CASES,
  bytes,
  assertFields,
  blockWhere,
  burst,
  customParser,
  customTemplateOf,
  dateFormatOf,
  freePort,
  httpRequest,
  listening,
  need,
  pageFiles,
  rfc3164,
  startServer,
  udpListener,
  until,
  unescapeValue,
  type Case,
  type Listener,
  type Response,
} from '../support/outcome';

const page = pageFiles('main/configuration/traffic-sources/log-sources-and-formats/haproxy.md').en;
const config = blockWhere(page, (b) => b.lang === 'haproxy' && b.code.includes('log-format')).code;
const parse = customParser(customTemplateOf(page));
const dateFormat = dateFormatOf(page);

/** The application behind HAProxy: answers every request with a short text. */
async function backend(): Promise<number> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, {'Content-Type': 'text/plain'}).end('ok\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => server.close());
  return (server.address() as AddressInfo).port;
}

async function haproxyWithPageConfig(seerbox: Listener, extra = '') {
  const dir = tempDir('outcome-haproxy');
  const port = await freePort();
  const app = await backend();
  const cfg = config
    .replaceAll('<SEERBOX_HOST>', '127.0.0.1')
    .replaceAll('<SOURCE_PORT>', String(seerbox.port))
    .replace('log /dev/log ', `log ${dir}/process-log `)
    .replace(/^\s*bind :80$/m, `    bind 127.0.0.1:${port}`)
    .replace(/^\s*bind :443 ssl .*\n/m, '')
    .replace(/server app1 \S+/, `server app1 127.0.0.1:${app}`)
    .replace(/^\s*server app2 .*\n/m, '')
    .replace('    default_backend', `${extra}    default_backend`);
  assert.doesNotMatch(cfg, /<[A-Z_]+>|\/dev\/log|10\.20\.|:443(?!\d)/, 'placeholders filled, nothing outside loopback');
  writeFileSync(path.join(dir, 'haproxy.cfg'), cfg);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', `${dir}/haproxy.cfg`], {encoding: 'utf8'});
  assert.equal(check.status, 0, check.stdout + check.stderr);
  startServer('haproxy', ['-db', '-f', `${dir}/haproxy.cfg`]);
  await listening(port);
  // HAProxy logs the readiness probe (a connection closed without a request) as a 400 <BADREQ>.
  await until(() => seerbox.messages.length > 0, extra ? 1 : 5);
  const probe = [...seerbox.messages];
  seerbox.messages.length = 0;
  return {port, probe};
}

/**
 * HAProxy's RFC 3164 header (`<134>Mmm dd hh:mm:ss haproxy[PID]: `), then the fields of the one
 * line in the datagram, which HAProxy ends with a newline.
 */
function haproxyFields(message: string) {
  const line = rfc3164(message, 'haproxy');
  assert.ok(line !== null, `an RFC 3164 header with the tag haproxy: ${message.slice(0, 80)}`);
  assert.ok(line.endsWith('\n') && line.indexOf('\n') === line.length - 1, 'one line per datagram');
  const fields = parse(line.slice(0, -1));
  assert.ok(fields, `the Custom template matches the line: ${line.slice(0, 300)}`);
  return fields;
}

/** +E's backslash escapes undone, then HAProxy's own #XX encoding of unsafe bytes (`"` in a URL). */
const decode = (value: string) =>
  unescapeValue(value).replace(/#([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The request as HAProxy's captures keep it: each header cut at its `len` on the page (a long cookie). */
const captured = (request: Case): Case => {
  const lengths = new Map(
    [...config.matchAll(/capture request header (\S+) +len (\d+)/g)].map((m) => [m[1], Number(m[2])]),
  );
  const headers = Object.entries(request.headers ?? {}).map(([name, value]) => {
    const kept = Buffer.from(value, 'utf8').subarray(0, lengths.get(name) ?? Infinity);
    return [name, kept.toString('utf8')];
  });
  return {...request, headers: Object.fromEntries(headers)};
};

// HAProxy refuses a header name with a space in it: 400, still one line for Seer Box.
const REFUSED: Case = {target: '/refused', path: '/refused', query: '', headers: {'Bad Header': 'x'}};

test('each hard request arrives as one datagram whose line the Custom template reads back', async (t) => {
  if (!need(t, ['haproxy'], 'haproxy')) return;
  const seerbox = await udpListener();
  const {port} = await haproxyWithPageConfig(seerbox);
  const cases = [...HARD_CASES, REFUSED];
  const answers: Response[] = [];
  for (const request of cases) answers.push(await httpRequest(port, request));
  assert.equal(answers.at(-1)?.status, 400, 'HAProxy refuses the bad header');
  await until(() => seerbox.messages.length >= cases.length);
  assert.equal(seerbox.messages.length, cases.length, 'one datagram per request, no more');
  const lines = seerbox.messages.map(haproxyFields);
  // HAProxy refuses raw non-ASCII bytes in the request line (400), like the bad header: those
  // requests are one <BADREQ> line each; every other request is read back field by field.
  const refusedCount = answers.filter((answer) => answer.status === 400).length;
  assert.deepEqual(
    cases.filter((_, i) => answers[i].status === 400).map((c) => c.path),
    [bytes('/raw/caffè'), REFUSED.path],
  );
  for (const [i, request] of cases.entries()) {
    if (answers[i].status === 400) continue;
    const own = lines.filter((fields) => decode(fields['%url']) === bytes(request.target));
    assert.equal(own.length, 1, `exactly one line for ${request.target}`);
    assertFields(own[0], captured(request), answers[i], {port, dateFormat, missing: '', noQuery: '', decode});
  }
  const refused = lines.filter((fields) => fields['%status_code'] === '400' && fields['%method'] === '<BADREQ>');
  assert.equal(refused.length, refusedCount, 'one <BADREQ> line per refused request');
});

test('a burst of 2,000 requests gives 2,000 datagrams, one line each, none lost or doubled', async (t) => {
  if (!need(t, ['haproxy'], 'haproxy')) return;
  const seerbox = await udpListener();
  const {port} = await haproxyWithPageConfig(seerbox);
  const COUNT = 2000;
  const answers = await burst(COUNT, 20, (i) =>
    httpRequest(port, {target: `/burst/${i}`, headers: {'User-Agent': `burst "${i}"`}}),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
  await until(() => seerbox.messages.length >= COUNT);
  const seen = new Set(seerbox.messages.map((message) => haproxyFields(message)['%url']));
  assert.equal(seerbox.messages.length, COUNT, 'one datagram per request');
  assert.equal(seen.size, COUNT, 'every request has its own line');
});

test('a connection without a request is one <BADREQ> line that fits the template; option dontlognull leaves it out', async (t) => {
  if (!need(t, ['haproxy'], 'haproxy')) return;
  const printed = await haproxyWithPageConfig(await udpListener());
  assert.equal(printed.probe.length, 1, 'the readiness probe is logged once');
  const fields = haproxyFields(printed.probe[0]);
  assert.deepEqual([fields['%method'], fields['%url'], fields['%status_code']], ['<BADREQ>', '<BADREQ>', '400']);
  const option = /`(option dontlognull)`/.exec(readFileSync(page, 'utf8'))?.[1];
  assert.ok(option, 'the page names option dontlognull');
  const seerbox = await udpListener();
  const quiet = await haproxyWithPageConfig(seerbox, `    ${option}\n`);
  assert.deepEqual(quiet.probe, [], 'no line for the probe');
  await httpRequest(quiet.port, {target: '/after'});
  await until(() => seerbox.messages.length > 0);
  assert.equal(seerbox.messages.length, 1, 'requests are still logged');
});
