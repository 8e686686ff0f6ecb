// The NGINX web server page's procedure, run: its conf.d file in a throw-away nginx on loopback,
// a Node UDP listener in place of Seer Box, and every received line read back with the page's own
// Custom template. Hard requests (quotes, spaces, non-ASCII, a long cookie, a refused request) and
// a burst must each arrive as exactly one datagram with one line that gives back what was sent.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from '../support/temp';
import {
  HARD_CASES,
  REFUSED,
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
  unescapeValue,
  until,
} from '../support/outcome';

const page = pageFiles('main/configuration/traffic-sources/log-sources-and-formats/nginx-web-server.md').en;
const snippet = blockWhere(page, (b) => b.lang === 'nginx' && b.code.includes('access_log syslog:')).code;
const parse = customParser(customTemplateOf(page));
const dateFormat = dateFormatOf(page);

/**
 * A private nginx (foreground, temp prefix) with the page's conf.d file in its http block,
 * placeholders filled with the listener's port, plus `server` (by default, one that answers 200).
 */
export async function nginxWithPageConfig(dir: string, port: number, seerboxPort: number, server = '') {
  const http = snippet
    .replaceAll('<SEERBOX_HOST>', '127.0.0.1')
    .replaceAll('<SOURCE_PORT>', String(seerboxPort))
    .replaceAll('/var/log/nginx/', `${dir}/`);
  assert.doesNotMatch(http, /<[A-Z_]+>/, 'every placeholder is filled');
  mkdirSync(path.join(dir, 'tmp'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/tmp/${k};`);
  const conf = `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n${temp.join('\n')}\n${http}\n${
    server || `server { listen 127.0.0.1:${port}; default_type text/plain; location / { return 200 "ok\\n"; } }`
  }\n}\n`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const check = spawnSync('nginx', ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], {encoding: 'utf8'});
  assert.equal(check.status, 0, check.stderr);
  startServer('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`]);
  await listening(port);
}

/** The fields of the line in one datagram: behind the RFC 3164 header the page shows (`<190>… nginx: `). */
export function nginxFields(message: string): Record<string, string> {
  const line = rfc3164(message, 'nginx');
  assert.ok(line !== null, `an RFC 3164 header with the tag nginx: ${message.slice(0, 80)}`);
  assert.ok(!line.includes('\n'), 'one line per datagram');
  const fields = parse(line);
  assert.ok(fields, `the Custom template matches the line: ${line.slice(0, 300)}`);
  return fields;
}

test('each hard request arrives as one datagram whose line the Custom template reads back', async (t) => {
  if (!need(t, ['nginx'], 'nginx')) return;
  const dir = tempDir('outcome-nginx');
  const seerbox = await udpListener();
  const port = await freePort();
  await nginxWithPageConfig(dir, port, seerbox.port);

  const cases = [...HARD_CASES, REFUSED];
  const answers = [];
  for (const request of cases) answers.push(await httpRequest(port, request));
  assert.equal(answers.at(-1)?.status, 400, 'nginx refuses the bad Host');
  await until(() => seerbox.messages.length >= cases.length);
  assert.equal(seerbox.messages.length, cases.length, 'one datagram per request, no more');

  const lines = seerbox.messages.map(nginxFields);
  for (const [i, request] of cases.entries()) {
    const own = lines.filter((fields) => unescapeValue(fields['%path']) === request.path);
    assert.equal(own.length, 1, `exactly one line for ${request.target}`);
    // nginx writes "-" for a header the request lacks, "" for the page's empty $seerbox_query.
    assertFields(own[0], request, answers[i], {port, dateFormat, missing: '-', noQuery: ''});
  }
});

test('a burst of 2,000 requests gives 2,000 datagrams, one line each, none lost or doubled', async (t) => {
  if (!need(t, ['nginx'], 'nginx')) return;
  const dir = tempDir('outcome-nginx-burst');
  const seerbox = await udpListener();
  const port = await freePort();
  await nginxWithPageConfig(dir, port, seerbox.port);
  const COUNT = 2000;
  const answers = await burst(COUNT, 20, (i) =>
    httpRequest(port, {target: `/burst/${i}?n=${i}`, headers: {'User-Agent': `burst "${i}"`}}),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
  await until(() => seerbox.messages.length >= COUNT);
  const seen = new Map<string, number>();
  for (const fields of seerbox.messages.map(nginxFields)) {
    assert.equal(fields['%query_string'], `n=${fields['%path'].slice('/burst/'.length)}`);
    seen.set(fields['%path'], (seen.get(fields['%path']) ?? 0) + 1);
  }
  assert.equal(seen.size, COUNT, 'every request has its line');
  assert.ok(
    [...seen.values()].every((n) => n === 1),
    'no line twice',
  );
});
