// The Custom format page's header-free relay, run: nginx writes the NGINX web server page's seerbox
// layout to a local file (the `access_log … seerbox;` line the Custom format page gives), and
// rsyslogd, in the foreground with the page's /etc/rsyslog.d/60-seerbox-raw.conf, forwards each new
// line to a Node listener in place of Seer Box: over UDP as printed, and over TCP as the page offers.
// Every request must arrive as one bare line (no syslog header) that the Custom template reads back.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {tempDir} from '../support/temp';
import {
  HARD_CASES,
  NGINX_LOG_PAGE,
  assertFields,
  burst,
  customParser,
  customTemplateOf,
  dateFormatOf,
  freePort,
  httpRequest,
  need,
  nginxWithSeerboxLog,
  pageFiles,
  startServer,
  tcpListener,
  udpListener,
  unescapeValue,
  until,
  type Listener,
  type Response,
} from '../support/outcome';

const customPage = pageFiles('main/configuration/traffic-sources/log-sources-and-formats/custom.md').en;
const relay = blockByTitle(customPage, '/etc/rsyslog.d/60-seerbox-raw.conf').code;
const nginxPage = pageFiles(NGINX_LOG_PAGE).en;
const parse = customParser(customTemplateOf(nginxPage));
const dateFormat = dateFormatOf(nginxPage);
/** The file line the Custom format page gives for NGINX, and the global setting it asks for. */
const fileLine = /`(access_log \/var\/log\/nginx\/seerbox\.log seerbox;)`/.exec(readFileSync(customPage, 'utf8'))?.[1];
const sizeLimit = /`(global\(maxMessageSize="\w+"\))`/.exec(readFileSync(customPage, 'utf8'))?.[1];

/** nginx writing the file, rsyslogd relaying it over `protocol` to a new listener. */
async function relayed(protocol: 'udp' | 'tcp') {
  assert.ok(fileLine && sizeLimit, 'the page names the access_log line and the message size limit');
  const dir = tempDir(`outcome-relay-${protocol}`);
  const seerbox = protocol === 'udp' ? await udpListener() : await tcpListener();
  const port = await freePort();
  const log = path.join(dir, 'seerbox.log');
  writeFileSync(log, '');
  await nginxWithSeerboxLog({
    dir,
    port,
    seerboxPort: 9, // the syslog line of the other page is not under test here: discard port
    server: `server { listen 127.0.0.1:${port}; default_type text/plain; ${fileLine.replace('/var/log/nginx/', `${dir}/`)}
      location / { return 200 "ok\\n"; } }`,
  });
  assert.match(relay, /protocol="udp"/);
  const config = relay
    .replaceAll('/var/log/nginx/seerbox.log', log)
    .replaceAll('<SEERBOX_HOST>', '127.0.0.1')
    .replaceAll('<SOURCE_PORT>', String(seerbox.port))
    .replace('protocol="udp"', `protocol="${protocol}"`);
  const conf = path.join(dir, 'rsyslog.conf');
  writeFileSync(conf, `${sizeLimit.replace(')', ` workDirectory="${dir}")`)}\n${config}`);
  const valid = spawnSync('rsyslogd', ['-N1', '-f', conf], {encoding: 'utf8'});
  assert.equal(valid.status, 0, valid.stderr);
  startServer('rsyslogd', ['-n', '-f', conf, '-i', path.join(dir, 'rsyslog.pid')]);
  // imfile starts at the end of the file it finds: wait until a first request's line comes through.
  for (let i = 0; i < 50 && seerbox.messages.length === 0; i += 1) {
    await httpRequest(port, {target: '/warm-up'});
    await until(() => seerbox.messages.length > 0, 0.2);
  }
  assert.ok(seerbox.messages.length > 0, 'rsyslogd relays the file');
  await until(() => false, 0.3);
  seerbox.messages.length = 0;
  return {port, seerbox};
}

/** A relayed message is the bare line: no syslog header, no newline inside. */
function bare(message: string) {
  assert.doesNotMatch(message, /^<\d+>/, 'no syslog header in front');
  assert.ok(!message.includes('\n'), 'one line per message');
  const fields = parse(message);
  assert.ok(fields, `the Custom template matches the line: ${message.slice(0, 300)}`);
  return fields;
}

async function hardCasesAndBurst(port: number, seerbox: Listener) {
  const answers: Response[] = [];
  for (const request of HARD_CASES) answers.push(await httpRequest(port, request));
  await until(() => seerbox.messages.length >= HARD_CASES.length);
  assert.equal(seerbox.messages.length, HARD_CASES.length, 'one message per request');
  const lines = seerbox.messages.map(bare);
  for (const [i, request] of HARD_CASES.entries()) {
    const own = lines.filter((fields) => unescapeValue(fields['%path']) === request.path);
    assert.equal(own.length, 1, `exactly one line for ${request.target}`);
    assertFields(own[0], request, answers[i], {port, dateFormat, missing: '-', noQuery: ''});
  }
  seerbox.messages.length = 0;
  const COUNT = 2000;
  await burst(COUNT, 20, (i) => httpRequest(port, {target: `/burst/${i}`}));
  await until(() => seerbox.messages.length >= COUNT);
  const seen = new Set(seerbox.messages.map((message) => bare(message)['%path']));
  assert.equal(seerbox.messages.length, COUNT, 'one message per request');
  assert.equal(seen.size, COUNT, 'every request has its own line');
}

test('relay over UDP, as printed: hard requests and a burst of 2,000 arrive as bare lines', async (t) => {
  if (!need(t, ['nginx', 'rsyslogd'], 'nginx rsyslog')) return;
  const {port, seerbox} = await relayed('udp');
  await hardCasesAndBurst(port, seerbox);
});

test('relay over TCP (protocol="tcp"): each message ends with a newline, hard requests and burst whole', async (t) => {
  if (!need(t, ['nginx', 'rsyslogd'], 'nginx rsyslog')) return;
  const {port, seerbox} = await relayed('tcp');
  await hardCasesAndBurst(port, seerbox);
});
