// The NGINX blacklist page's procedure, run with a real nginx on loopback, on top of the NGINX web
// server page's logging (its http-level `access_log syslog:` line to a Node UDP listener that stands
// in for Seer Box). The page's sync job fetches a feed served on loopback, writes the list, tests and
// reloads this nginx; clients are loopback addresses of their own (127.0.0.2, .3, .4). A listed
// client must be refused, an unlisted and an allow-listed one served, and every request, refused or
// not, must still reach Seer Box as one syslog line.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {feedsOnLoopback, runScript} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {
  blockWhere,
  httpRequest,
  need,
  nginxFields,
  nginxWithSeerboxLog,
  pageFiles,
  freePort,
  udpListener,
  until,
  type Listener,
} from '../support/outcome';

const page = pageFiles('main/configuration/firewalls/network-firewalls/nginx-blacklist.md').en;
const job = blockByTitle(page, '/usr/local/sbin/seerbox-nginx-sync').code;
const geoFile = blockByTitle(page, '/etc/nginx/conf.d/seerbox-blocklist.conf').code;
const geoServer = blockWhere(page, (b) => b.lang === 'nginx' && b.meta.includes('requires=seerbox-blocked')).code;
const denyServer = blockWhere(
  page,
  (b) =>
    b.lang === 'nginx' && b.code.includes('server {') && b.code.includes('include /etc/nginx/seerbox/blocklist.conf'),
).code;
const createLists = blockWhere(page, (b) => b.lang === 'bash' && b.code.includes('allowlist.conf ]')).code;
const cronFile = blockWhere(page, (b) => b.meta.includes('/etc/cron.d/') || b.code.startsWith('# /etc/cron.d/')).code;

const LISTED = '127.0.0.2';
const UNLISTED = '127.0.0.3';
const ALLOWED = '127.0.0.4'; // listed in the feed and in the allowlist
const feedUrl = feedsOnLoopback({listed: `# Seer Box network rules\n${LISTED}\n${ALLOWED}\n`});

/** The page's paths moved into the test's folder, its `listen 443 ssl` onto a loopback port. */
const localise = (code: string, dir: string, port: number) =>
  code
    .replaceAll('/etc/nginx/seerbox/', `${dir}/seerbox/`)
    .replaceAll('/etc/nginx/seerbox', `${dir}/seerbox`)
    .replaceAll('/var/log/nginx/', `${dir}/`)
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`)
    // A static file, served in the content phase, and a health check that answers with `return`.
    .replace(
      '# ... your existing locations ...',
      `default_type text/plain; location / { root ${dir}/www; } location = /health { return 200 "up\\n"; }`,
    );

type Sent = {from: string; status: number};

/** nginx with the page's lists, a Seer Box listener, and a client that remembers what it sent. */
async function protectedSite(method: 'geo' | 'deny') {
  const dir = tempDir(`outcome-blacklist-${method}`);
  chmodSync(dir, 0o755); // nginx's workers (nobody) read the static file
  mkdirSync(path.join(dir, 'www'));
  writeFileSync(path.join(dir, 'www/page'), 'ok\n');
  const created = spawnSync('bash', ['-c', localise(createLists, dir, 0)], {encoding: 'utf8'});
  assert.equal(created.status, 0, created.stderr);
  if (method === 'geo') writeFileSync(path.join(dir, 'seerbox/allowlist.conf'), `${ALLOWED} 1;\n`);
  const seerbox = await udpListener();
  const port = await freePort();
  const nginx = await nginxWithSeerboxLog({
    dir,
    port,
    seerboxPort: seerbox.port,
    http: method === 'geo' ? localise(geoFile, dir, port) : '',
    server: localise(method === 'geo' ? geoServer : denyServer, dir, port),
  });
  const sent: Sent[] = [];
  const request = async (from: string) => {
    const {status} = await httpRequest(port, {target: `/page?from=${from}`, from});
    sent.push({from, status});
    return status;
  };
  const settings = {
    PATH: process.env.PATH,
    CONFIG_FILE: path.join(dir, 'no-settings'),
    FEED_URL: feedUrl('listed'),
    TARGET: path.join(dir, 'seerbox/blocklist.conf'),
    FORMAT: method,
    TEST_CMD: nginx.test,
    RELOAD_CMD: nginx.reload,
    LOCK_FILE: path.join(dir, 'lock'),
  };
  writeFileSync(path.join(dir, 'job.sh'), job, {mode: 0o755});
  const sync = (extra: Record<string, string> = {}) => runScript(path.join(dir, 'job.sh'), {...settings, ...extra});
  return {dir, port, seerbox, request, sent, sync, settings};
}

/** nginx answers with the new list once its reload has finished; the listed client shows when. */
/** The processes whose parent is `pid`, read from /proc (no procps needed). */
const childrenOf = (pid: string) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === pid;
      } catch {
        return false; // the process ended while we looked
      }
    });

async function refusedAfterReload(site: {dir: string; request: (from: string) => Promise<number>}) {
  for (let i = 0; i < 50; i += 1) {
    if ((await site.request(LISTED)) === 403) {
      // The old worker may still take a connection or two while it shuts down: wait until the
      // master has only its new worker, so that every later request sees the new list.
      const master = readFileSync(path.join(site.dir, 'nginx.pid'), 'utf8').trim();
      const workers = () => childrenOf(master).length;
      await until(() => workers() === 1, 10);
      return workers() === 1;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Every request sent has exactly one Seer Box line, with its client and its status. */
async function everyRequestLogged(seerbox: Listener, sent: Sent[]) {
  await until(() => seerbox.messages.length >= sent.length, 5);
  const got = seerbox.messages.map(nginxFields).map((f) => `${f['%client_address']} ${f['%status_code']}`);
  assert.deepEqual(got.sort(), sent.map((s) => `${s.from} ${s.status}`).sort(), 'one Seer Box line per request');
}

test('geo method: listed client refused, unlisted and allow-listed served, Seer Box gets every request', async (t) => {
  if (!need(t, ['nginx', 'curl'], 'nginx curl')) return;
  const site = await protectedSite('geo');
  for (const from of [LISTED, UNLISTED, ALLOWED])
    assert.equal(await site.request(from), 200, `${from} before the first sync`);
  const run = await site.sync();
  assert.equal(run.status, 0, run.stderr);
  assert.ok(await refusedAfterReload(site), 'the listed client is refused after the sync');
  assert.equal(await site.request(UNLISTED), 200);
  assert.equal(await site.request(ALLOWED), 200, 'the allowlist wins over the feed');
  await everyRequestLogged(site.seerbox, site.sent);
  // The optional log of refused requests, where the page keeps it, holds the refused ones only.
  const blockedLog = path.join(site.dir, 'seerbox-blocked.log');
  if (existsSync(blockedLog)) {
    const lines = readFileSync(blockedLog, 'utf8').trim().split('\n');
    assert.ok(
      lines.length > 0 && lines.every((line) => line.startsWith(`${LISTED} `) && line.includes('" 403 ')),
      lines.join('\n'),
    );
  }
});

test('deny method: listed client refused, unlisted served, Seer Box gets every request', async (t) => {
  if (!need(t, ['nginx', 'curl'], 'nginx curl')) return;
  const site = await protectedSite('deny');
  assert.equal(await site.request(LISTED), 200, 'served before the first sync');
  const run = await site.sync();
  assert.equal(run.status, 0, run.stderr);
  assert.ok(await refusedAfterReload(site), 'the listed client is refused after the sync');
  assert.equal(await site.request(UNLISTED), 200);
  await everyRequestLogged(site.seerbox, site.sent);
});

test('as the deny tab warns, a location that answers with return is not protected by deny; geo covers it', async (t) => {
  if (!need(t, ['nginx', 'curl'], 'nginx curl')) return;
  assert.match(readFileSync(page, 'utf8'), /A `location` that answers with `return`[^\n]* is not protected/);
  for (const method of ['deny', 'geo'] as const) {
    const site = await protectedSite(method);
    assert.equal((await site.sync()).status, 0);
    assert.ok(await refusedAfterReload(site));
    const {status} = await httpRequest(site.port, {target: '/health', from: LISTED});
    assert.equal(status, method === 'deny' ? 200 : 403, `${method}: the listed client on /health`);
  }
});

test('a failed reload is retried by the next run: the new list is not left unenforced', async (t) => {
  if (!need(t, ['nginx', 'curl'], 'nginx curl')) return;
  const site = await protectedSite('geo');
  const failed = await site.sync({RELOAD_CMD: 'exit 1'});
  assert.notEqual(failed.status, 0, 'a failed reload makes the run fail');
  assert.equal(await site.request(LISTED), 200, 'nginx still enforces the old list');
  const retried = await site.sync();
  assert.equal(retried.status, 0, retried.stderr);
  assert.match(retried.stdout, /block list updated/, 'the next run reloads');
  assert.ok(await refusedAfterReload(site), 'the listed client is refused after the retry');
});

test("the cron entry finds nginx with cron's own PATH (/usr/bin:/bin) and no terminal", async (t) => {
  if (!need(t, ['nginx', 'curl', 'logger'], 'nginx curl bsdutils')) return;
  const site = await protectedSite('geo');
  // cron's environment: its defaults, then the assignments of the cron.d file.
  const env: NodeJS.ProcessEnv = {PATH: '/usr/bin:/bin', SHELL: '/bin/sh', HOME: '/root', LOGNAME: 'root'};
  const entries: string[] = [];
  for (const line of cronFile.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const assignment = /^([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(line);
    if (assignment) env[assignment[1]] = assignment[2];
    else entries.push(line);
  }
  assert.equal(entries.length, 1, 'one cron entry');
  const [, user, command] = /^(?:\S+\s+){5}(\S+)\s+(.*)$/.exec(entries[0]) ?? [];
  assert.equal(user, 'root');
  assert.equal(spawnSync('sh', ['-c', 'command -v logger'], {env}).status, 0, "logger is on cron's PATH");
  // The job runs from the test's folder with its settings there; logger's journal is the host's, so
  // its input is kept in a file instead. Everything else (nginx -t, nginx -s reload) goes by PATH.
  const settings = Object.entries({
    ...site.settings,
    TEST_CMD: site.settings.TEST_CMD,
    PATH: undefined,
    CONFIG_FILE: undefined,
  })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join('\n');
  writeFileSync(path.join(site.dir, 'settings'), `${settings}\n`);
  const output = path.join(site.dir, 'cron.out');
  const local = command
    .replace('/usr/local/sbin/seerbox-nginx-sync', path.join(site.dir, 'job.sh'))
    .replace(/\| logger .*$/, `| cat > '${output}'`);
  assert.notEqual(local, command);
  const child = spawn('/bin/sh', ['-c', local], {
    env: {...env, CONFIG_FILE: path.join(site.dir, 'settings')},
    stdio: 'ignore',
    detached: true, // a session of its own: no controlling terminal, as under cron
  });
  await new Promise((resolve) => child.on('exit', resolve));
  const said = readFileSync(output, 'utf8');
  assert.match(said, /block list updated/, said);
  assert.ok(await refusedAfterReload(site), 'the listed client is refused after the cron run');
});
