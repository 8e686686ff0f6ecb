// The Apache web server page's procedure, run with Debian's real Apache on loopback, twice: in a
// copy of Debian's /etc/apache2 layout (a2enmod, a2enconf and all, pointed at the copy through
// APACHE_CONFDIR), and in one plain httpd.conf as on the RHEL family. Node's UDP and TCP listeners
// stand in for Seer Box; every line must arrive once and give back the request with the page's
// Custom template. The rsyslog variant must deliver a burst whole through a dedicated input.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Socket} from 'node:net';
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
  headerShownFor,
  httpRequest,
  listening,
  need,
  pageFiles,
  rfc3164,
  rfc5424,
  startServer,
  tcpListener,
  udpListener,
  unescapeValue,
  until,
  type Listener,
  type Response,
} from '../support/outcome';

const page = pageFiles('main/configuration/traffic-sources/log-sources-and-formats/apache-web-server.md').en;
const block = (pick: (code: string) => boolean) => blockWhere(page, (b) => pick(b.code)).code;
const enableModules = block((code) => /^sudo a2enmod /m.test(code));
const logFormat = block((code) => code.includes('LogFormat "'));
const rewrite = block((code) => code.includes('RewriteEngine On'));
const directLogger = block((code) => code.includes('GlobalLog') && code.includes('--server <SEERBOX_HOST>'));
const relayLogger = block((code) => code.includes('GlobalLog') && code.includes('apache-seerbox'));
const parse = customParser(customTemplateOf(page));
const dateFormat = dateFormatOf(page);

/** The page's placeholders filled for a listener on loopback. */
const fill = (code: string, seerbox: Listener) => {
  const filled = code.replaceAll('<SEERBOX_HOST>', '127.0.0.1').replaceAll('<SOURCE_PORT>', String(seerbox.port));
  assert.doesNotMatch(filled, /<[A-Z_]+>/, 'every placeholder is filled');
  return filled;
};

/** A virtual host on loopback with the page's rewrite lines first, answering every path with one page. */
const virtualHost = (dir: string, port: number) => {
  mkdirSync(path.join(dir, 'www/form'), {recursive: true});
  writeFileSync(path.join(dir, 'www/index.html'), 'ok\n');
  return `<VirtualHost 127.0.0.1:${port}>\nDocumentRoot ${dir}/www\n<Directory ${dir}/www>\nRequire all granted\nFallbackResource /index.html\n</Directory>\n${rewrite}</VirtualHost>\n`;
};

/**
 * Debian's layout: a copy of /etc/apache2 (the host's own is only read), the page's a2enmod and
 * a2enconf run on the copy, a site of our own, and apache2 in the foreground on a free port.
 */
function debianEnvironment(dir: string) {
  const confdir = path.join(dir, 'apache2');
  cpSync('/etc/apache2', confdir, {recursive: true, verbatimSymlinks: true});
  // ModSecurity (installed for check:samples) would judge the test's hostile requests: not this page's subject.
  for (const file of readdirSync(path.join(confdir, 'mods-enabled')).filter((f) => f.startsWith('security2.'))) {
    rmSync(path.join(confdir, 'mods-enabled', file));
  }
  for (const sub of ['run', 'lock', 'log', 'state']) mkdirSync(path.join(dir, sub));
  return {
    ...process.env,
    APACHE_CONFDIR: confdir,
    APACHE_STATE_DIRECTORY: path.join(dir, 'state'),
    APACHE_RUN_USER: 'www-data',
    APACHE_RUN_GROUP: 'www-data',
    APACHE_PID_FILE: path.join(dir, 'run/apache2.pid'),
    APACHE_RUN_DIR: path.join(dir, 'run'),
    APACHE_LOCK_DIR: path.join(dir, 'lock'),
    APACHE_LOG_DIR: path.join(dir, 'log'),
  };
}

/** Runs one of the page's shell commands (without sudo) in the copied layout. */
function pageCommand(command: string, env: NodeJS.ProcessEnv) {
  return spawnSync('bash', ['-c', command.replace(/^sudo /gm, '')], {encoding: 'utf8', env});
}

async function apacheDebian(transport: string, seerbox: Listener) {
  const dir = tempDir('outcome-apache-debian');
  chmodSync(dir, 0o755);
  const env = debianEnvironment(dir);
  const enabled = pageCommand(enableModules, env);
  assert.equal(enabled.status, 0, `the page's a2enmod line: ${enabled.stdout}${enabled.stderr}`);
  const port = await freePort();
  const confdir = env.APACHE_CONFDIR;
  writeFileSync(path.join(confdir, 'conf-available/seerbox.conf'), `${logFormat}\n${fill(transport, seerbox)}`);
  assert.equal(pageCommand('sudo a2enconf seerbox', env).status, 0);
  writeFileSync(path.join(confdir, 'ports.conf'), `Listen 127.0.0.1:${port}\n`);
  for (const site of readdirSync(path.join(confdir, 'sites-enabled')))
    rmSync(path.join(confdir, 'sites-enabled', site));
  writeFileSync(path.join(confdir, 'sites-enabled/seerbox-test.conf'), virtualHost(dir, port));
  const args = ['-d', confdir, '-f', 'apache2.conf'];
  const check = spawnSync('apache2', [...args, '-t'], {encoding: 'utf8', env});
  assert.equal(check.status, 0, check.stderr);
  startServer('apache2', [...args, '-DFOREGROUND'], env);
  await listening(port);
  return port;
}

/** One httpd.conf, modules loaded by hand as on the RHEL family (mod_logio is built into Debian's binary). */
async function apachePlain(transport: string, seerbox: Listener) {
  const dir = tempDir('outcome-apache-plain');
  chmodSync(dir, 0o755);
  const port = await freePort();
  const modules = ['mpm_event', 'authz_core', 'mime', 'dir', 'unique_id', 'remoteip', 'rewrite'];
  const conf = [
    `ServerRoot ${dir}`,
    'ServerName localhost',
    `Listen 127.0.0.1:${port}`,
    `PidFile ${dir}/httpd.pid`,
    `ErrorLog ${dir}/error.log`,
    'User www-data',
    'Group www-data',
    ...modules.map((m) => `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so`),
    'TypesConfig /etc/mime.types',
    logFormat,
    fill(transport, seerbox),
    virtualHost(dir, port),
  ].join('\n');
  writeFileSync(path.join(dir, 'httpd.conf'), conf);
  const check = spawnSync('apache2', ['-f', `${dir}/httpd.conf`, '-t'], {encoding: 'utf8'});
  assert.equal(check.status, 0, check.stderr);
  startServer('apache2', ['-f', `${dir}/httpd.conf`, '-DFOREGROUND']);
  await listening(port);
  return port;
}

/** The fields of one received message: `header` strips the syslog header the transport adds. */
function fieldsOf(message: string, header: (message: string) => string | null) {
  const line = header(message);
  assert.ok(line !== null, `the expected syslog header: ${message.slice(0, 120)}`);
  assert.ok(!line.includes('\n'), 'one line per message');
  const fields = parse(line);
  assert.ok(fields, `the Custom template matches the line: ${line.slice(0, 300)}`);
  return fields;
}

async function hardCases(port: number, seerbox: Listener, header: (message: string) => string | null) {
  const cases = [...HARD_CASES, REFUSED];
  const answers: Response[] = [];
  for (const request of cases) answers.push(await httpRequest(port, request));
  assert.equal(answers.at(-1)?.status, 400, 'Apache refuses the bad Host');
  await until(() => seerbox.messages.length >= cases.length);
  assert.equal(seerbox.messages.length, cases.length, 'one message per request, no more');
  const lines = seerbox.messages.map((message) => fieldsOf(message, header));
  for (const [i, request] of cases.entries()) {
    // A refused request never reaches the rewrite rules: its path and query are logged as "-".
    const path = i === cases.length - 1 ? '-' : request.path;
    const own = lines.filter((fields) => unescapeValue(fields['%path']) === path);
    assert.equal(own.length, 1, `exactly one line for ${request.target}`);
    if (i < cases.length - 1) assertFields(own[0], request, answers[i], {port, dateFormat, missing: '-', noQuery: ''});
    else assert.equal(own[0]['%status_code'], '400');
  }
}

async function burstArrivesWhole(port: number, seerbox: Listener, header: (message: string) => string | null) {
  const COUNT = 2000;
  const answers = await burst(COUNT, 20, (i) =>
    httpRequest(port, {target: `/?n=${i}`, headers: {'User-Agent': `burst "${i}"`}}),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
  await until(() => seerbox.messages.length >= COUNT);
  const seen = new Set(seerbox.messages.map((message) => fieldsOf(message, header)['%query_string']));
  assert.equal(seerbox.messages.length, COUNT, 'one message per request');
  assert.equal(seen.size, COUNT, 'every request has its own line');
}

const tools = ['apache2', 'a2enmod', 'logger'];
const asLogger = (message: string) => rfc5424(message, 'apache');

test("Debian: Apache has mod_logio built in, and the page's a2enmod line succeeds", (t) => {
  if (!need(t, tools, 'apache2 bsdutils')) return;
  assert.match(spawnSync('apache2', ['-l'], {encoding: 'utf8'}).stdout, /mod_logio\.c/);
  const env = debianEnvironment(tempDir('outcome-a2enmod'));
  const enabled = pageCommand(enableModules, env);
  assert.equal(enabled.status, 0, `${enabled.stdout}${enabled.stderr}`);
  assert.doesNotMatch(enabled.stdout + enabled.stderr, /does not exist/);
});

test('Debian layout, logger over UDP: each hard request is one message the Custom template reads back', async (t) => {
  if (!need(t, tools, 'apache2 bsdutils')) return;
  const seerbox = await udpListener();
  const port = await apacheDebian(directLogger, seerbox);
  await hardCases(port, seerbox, asLogger);
  // The header is the one the Custom format page shows for logger.
  for (const message of seerbox.messages) assert.match(message, headerShownFor('apache'));
});

test('Debian layout, logger over UDP: a burst of 2,000 requests arrives whole', async (t) => {
  if (!need(t, tools, 'apache2 bsdutils')) return;
  const seerbox = await udpListener();
  await burstArrivesWhole(await apacheDebian(directLogger, seerbox), seerbox, asLogger);
});

test('plain httpd.conf, logger over TCP (--tcp for --udp, as the page says): hard requests read back', async (t) => {
  if (!need(t, tools, 'apache2 bsdutils')) return;
  const seerbox = await tcpListener();
  assert.match(directLogger, / --udp /);
  const port = await apachePlain(directLogger.replace(' --udp ', ' --tcp '), seerbox);
  await hardCases(port, seerbox, asLogger);
});

test('rsyslog variant: logger feeds a dedicated rsyslog input, which forwards a burst whole', async (t) => {
  if (!need(t, [...tools, 'rsyslogd'], 'apache2 bsdutils rsyslog')) return;
  const relayConfig = blockWhere(page, (b) => b.meta.includes('title="/etc/rsyslog.d/60-seerbox.conf"')).code;
  const relayGlobal = block((code) => code.startsWith('global(maxMessageSize'));
  // logger without --server writes to /dev/log (journald on systemd hosts, rate limited): the page
  // must send to the rsyslog input on loopback that its rsyslog file declares.
  const local = /--server 127\.0\.0\.1 --port (\d+)/.exec(relayLogger);
  assert.ok(local, `the GlobalLog line sends to rsyslog on loopback: ${relayLogger}`);
  assert.match(relayConfig, new RegExp(`port="${local[1]}"`), 'the rsyslog input listens on that port');
  const relayPort = await freePort();
  const protocol = /protocol="(udp|tcp)"/.exec(relayConfig)?.[1];
  const seerbox = protocol === 'tcp' ? await tcpListener() : await udpListener();
  const dir = tempDir('outcome-apache-rsyslog');
  const conf = path.join(dir, 'rsyslog.conf');
  const relay = fill(relayConfig, seerbox).replaceAll(`"${local[1]}"`, `"${relayPort}"`);
  writeFileSync(conf, `${relayGlobal.replace(')', ` workDirectory="${dir}")`)}\n${relay}`);
  const valid = spawnSync('rsyslogd', ['-N1', '-f', conf], {encoding: 'utf8'});
  assert.equal(valid.status, 0, valid.stderr);
  startServer('rsyslogd', ['-n', '-f', conf, '-i', path.join(dir, 'pid')]);
  await listening(relayPort);
  const port = await apacheDebian(relayLogger.replace(`--port ${local[1]}`, `--port ${relayPort}`), seerbox);
  await burstArrivesWhole(port, seerbox, (message) => rfc3164(message, 'apache-seerbox'));
});

test('rsyslog variant over TCP with the queue the page adds: lines sent while the Engine is down arrive when it is back', async (t) => {
  if (!need(t, ['rsyslogd', 'logger'], 'rsyslog bsdutils')) return;
  const relayConfig = blockWhere(page, (b) => b.meta.includes('title="/etc/rsyslog.d/60-seerbox.conf"')).code;
  const queue = /set `protocol="tcp"` and add `([^`]+)` to the action/.exec(readFileSync(page, 'utf8'))?.[1];
  assert.ok(queue, 'the page gives the queue settings for TCP');
  // An Engine that can go away and come back on the same port.
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const engine = createServer((socket) => {
    sockets.add(socket);
    socket.setEncoding('latin1');
    let pending = '';
    socket.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      messages.push(...parts);
    });
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve) => engine.listen(port, '127.0.0.1', resolve));
  // Below the ephemeral range, so that no client connection takes it while the Engine is down.
  const enginePort = await freePort();
  await listen(enginePort);
  after(() => engine.close());
  const stop = () => {
    engine.close();
    for (const socket of sockets) socket.destroy();
  };

  const dir = tempDir('outcome-apache-queue');
  const relayPort = await freePort();
  const relay = relayConfig
    .replaceAll('<SEERBOX_HOST>', '127.0.0.1')
    .replaceAll('<SOURCE_PORT>', String(enginePort))
    .replace(/port="\d+"/, `port="${relayPort}"`)
    // The test's only addition: retry every second instead of rsyslog's default 30 s.
    .replace('protocol="udp"', `protocol="tcp" ${queue} action.resumeInterval="1"`);
  const conf = path.join(dir, 'rsyslog.conf');
  writeFileSync(conf, `global(workDirectory="${dir}")\n${relay}`);
  const valid = spawnSync('rsyslogd', ['-N1', '-f', conf], {encoding: 'utf8'});
  assert.equal(valid.status, 0, valid.stderr);
  startServer('rsyslogd', ['-n', '-f', conf, '-i', path.join(dir, 'pid')]);
  await listening(relayPort);
  const send = (lines: string[]) =>
    spawnSync('logger', ['--tcp', '--server', '127.0.0.1', '--port', String(relayPort), '--tag', 'apache-seerbox'], {
      input: lines.join('\n') + '\n',
    });

  send(['before']);
  await until(() => messages.some((m) => m.endsWith(' before')));
  assert.ok(
    messages.some((m) => m.endsWith(' before')),
    'the relay works',
  );
  stop();
  const during = Array.from({length: 50}, (_, i) => `during-${i}`);
  for (const line of during) {
    send([line]);
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 1500));
  await listen(enginePort);
  await until(() => messages.some((m) => m.endsWith(' during-49')), 15);
  const arrived = during.filter((line) => messages.some((m) => m.endsWith(` ${line}`)));
  assert.ok(arrived.includes('during-49'), `the last line sent during the outage arrives: ${arrived.length} of 50`);
  assert.ok(arrived.length >= 45, `at most a few lines lost when the connection broke: ${arrived.length} of 50`);
});
