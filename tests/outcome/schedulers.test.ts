// Outcome tests of the schedulers that the guide pages set up, in both languages.
// cron: every entry of every /etc/cron.d block runs as cron would run it (`env -i`, cron's
// SHELL=/bin/sh and PATH=/usr/bin:/bin unless the file sets its own, no terminal), with the page's
// script copied to a temporary folder in place of /usr/local/sbin and its settings file pointed at
// a throw-away one. The job must succeed: a tool it cannot find in cron's PATH fails it.
// systemd: every unit and timer passes `systemd-analyze verify` with no warning.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle, codeBlocks, type CodeBlock} from '../support/code-blocks';
import {feedServerProgram, feedsOnLoopback} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const ROOTS = {en: 'docs/main', it: `${ITALIAN_DOCS_DIR}/main`};
const pages = Object.entries(ROOTS).flatMap(([language, root]) =>
  readdirSync(root, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => ({language, file: path.join(root, file), text: readFileSync(path.join(root, file), 'utf8')})),
);
const blocks = pages.flatMap((page) => codeBlocks(page.text).map((block) => ({page, block})));

/** The cron.d file a block writes, named by its fence title or its first comment line. */
const cronFile = (block: CodeBlock) =>
  /title="(\/etc\/cron\.d\/[^"]+)"/.exec(block.meta)?.[1] ?? /^# (\/etc\/cron\.d\/\S+)/.exec(block.code)?.[1];
const cronBlocks = blocks.filter(({block}) => cronFile(block));
const CRON_LINE = /^((?:[\d*/,-]+\s+){5})(\S+)\s+(.+)$/;
const ENV_LINE = /^([A-Za-z_]\w*)\s*=\s*(.*)$/;

const RULE = 'SecRule REQUEST_URI "@beginsWith /seerbox-cron-test" "id:1999011,phase:1,deny,status:403,log"';
const feedUrl = feedsOnLoopback({addresses: '192.0.2.10\n198.51.100.0/24\n', rules: `${RULE}\n`});

/** A throw-away nginx configuration whose test still calls `nginx` through the job's PATH. */
function nginxTest(dir: string, include = '') {
  writeFileSync(path.join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${include}\n}\n`);
  return `nginx -t -q -e stderr -p '${dir}' -c '${dir}/nginx.conf'`;
}

/**
 * What each scheduled script needs to run in a sandbox: its settings (never the machine's own
 * files or services) and whether it changes firewall rules, which happens in a network namespace.
 */
const jobs: Record<string, {settings: (dir: string) => Record<string, string>; namespace?: true}> = {
  '/usr/local/sbin/seerbox-ipset-sync': {
    namespace: true,
    settings: (dir) => ({
      FEED_URL: 'http://127.0.0.1:8080/feeds/addresses',
      ALLOW_FILE: `${dir}/allow.txt`,
      RESOLVERS: '',
    }),
  },
  '/usr/local/sbin/seerbox-nginx-sync': {
    settings: (dir) => {
      writeFileSync(path.join(dir, 'blocklist.conf'), '');
      const check = nginxTest(dir, `geo $seerbox_blocked { default 0; include ${dir}/blocklist.conf; }`);
      return {FEED_URL: feedUrl('addresses'), TARGET: `${dir}/blocklist.conf`, TEST_CMD: check, RELOAD_CMD: check};
    },
  },
  '/usr/local/sbin/seerbox-modsec-sync': {
    settings: (dir) => {
      const check = nginxTest(dir);
      return {FEED_URL: feedUrl('rules'), TARGET: `${dir}/seerbox-rules.conf`, TEST_CMD: check, RELOAD_CMD: check};
    },
  },
};

const canRunAll = process.getuid?.() === 0;
const children: ChildProcess[] = [];
const feeds = tempDir('schedulers-feeds');
let netns = '';
before(async () => {
  if (!canRunAll) return;
  writeFileSync(path.join(feeds, 'addresses'), '192.0.2.10\n198.51.100.0/24\n');
  const holder = spawn('unshare', ['--net', 'sleep', 'infinity'], {stdio: 'ignore'});
  children.push(holder);
  netns = `/proc/${holder.pid}/ns/net`;
  const own = readlinkSync('/proc/self/ns/net');
  for (let i = 0; i < 500 && (!existsSync(netns) || readlinkSync(netns) === own); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.notEqual(readlinkSync(netns), own, 'the namespace was not created');
  assert.equal(spawnSync('nsenter', [`--net=${netns}`, '--', 'ip', 'link', 'set', 'lo', 'up']).status, 0);
  const server = spawn('nsenter', [`--net=${netns}`, '--', process.execPath, '-e', feedServerProgram, feeds]);
  children.push(server);
  await new Promise<void>((resolve, reject) => {
    server.stdout?.once('data', () => resolve());
    server.once('exit', () => reject(new Error('the feed server did not start')));
  });
});
after(() => children.forEach((child) => child.kill()));

test('cron entries are written as /etc/cron.d files, never only in prose', () => {
  const inline = /`(?:[\d*/,-]+\s+){5}root\s+[^`]*`/;
  for (const page of pages) {
    const prose = codeBlocks(page.text).reduce((text, block) => text.replace(block.code, ''), page.text);
    assert.doesNotMatch(prose, inline, `${page.file}: put the cron entry in a "# /etc/cron.d/NAME" block`);
  }
  assert.ok(cronBlocks.length >= 6, `only ${cronBlocks.length} cron.d blocks found`);
});

for (const {page, block} of cronBlocks) {
  const lines = block.code.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  const variables = Object.fromEntries(
    lines.flatMap((line) => (ENV_LINE.test(line) ? [ENV_LINE.exec(line)!.slice(1, 3)] : [])),
  );
  for (const line of lines.filter((candidate) => !ENV_LINE.test(candidate))) {
    test(`${page.file}:${block.line} runs under cron: ${line}`, async (t) => {
      const entry = CRON_LINE.exec(line);
      assert.ok(entry, 'not a cron.d line (five time fields, a user, a command)');
      const [, , user, command] = entry;
      assert.equal(user, 'root');
      const script = /\/usr\/local\/sbin\/[\w.-]+/.exec(command)?.[0];
      assert.ok(script && script in jobs, `no sandbox for ${script}: add it to the jobs table of this test`);
      const job = jobs[script];
      if (!canRunAll) {
        if (process.env.CI) assert.fail('needs root (CI runs the tests as root)');
        return t.skip('needs root');
      }
      const dir = tempDir('cron-job');
      const settings = {...job.settings(dir), LOCK_FILE: `${dir}/lock`};
      writeFileSync(
        path.join(dir, 'settings'),
        Object.entries(settings)
          .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
          .join(''),
      );
      const code = blockByTitle(page.file, script).code.replaceAll(
        `/etc/default/${path.basename(script)}`,
        `${dir}/settings`,
      );
      writeFileSync(path.join(dir, 'job'), code, {mode: 0o755});
      // The job's output goes to a file instead of logger (no syslog socket here), so the shell's
      // exit status is the job's.
      const sandboxed = command.replace(script, `${dir}/job`).replace(/2>&1 \| logger -t \S+$/, `> ${dir}/out 2>&1`);
      assert.notEqual(sandboxed, command.replace(script, `${dir}/job`), 'the entry no longer pipes to logger');
      const cronEnv = {SHELL: '/bin/sh', PATH: '/usr/bin:/bin', HOME: '/root', LOGNAME: 'root', ...variables};
      const argv = [
        ...(job.namespace ? ['nsenter', `--net=${netns}`, '--'] : []),
        'setsid',
        '--wait',
        'env',
        '-i',
        ...Object.entries(cronEnv).map(([key, value]) => `${key}=${value}`),
        cronEnv.SHELL,
        '-c',
        sandboxed,
      ];
      const result = await new Promise<number | null>((resolve) => {
        const child = spawn(argv[0], argv.slice(1), {stdio: 'ignore'});
        child.once('exit', resolve);
      });
      const output = readFileSync(path.join(dir, 'out'), 'utf8');
      assert.doesNotMatch(output, /not found/);
      assert.equal(result, 0, output);
    });
  }
}

const units = blocks.filter(({block}) => block.lang === 'ini' && /^\[(Unit|Service|Timer)\]/m.test(block.code));

test('each timer on a page has its service on the same page', () => {
  const named = (ending: string) =>
    units.flatMap(({page, block}) => {
      const name = /^# \/etc\/systemd\/system\/(\S+)/.exec(block.code)?.[1];
      return name?.endsWith(ending) ? [`${page.file} ${name.slice(0, -ending.length)}`] : [];
    });
  for (const timer of named('.timer')) assert.ok(named('.service').includes(timer), timer);
});

// A unit that a page's unit requires but the page does not write (rabbitmq-server.service, from a
// package) gets an empty stand-in when this machine lacks it, so verify judges the page's own units.
const installed = (name: string) =>
  ['/etc/systemd/system', '/usr/lib/systemd/system', '/lib/systemd/system'].some((dir) =>
    existsSync(path.join(dir, name)),
  );

for (const page of pages) {
  const own = units.filter((unit) => unit.page === page).map(({block}) => block);
  if (!own.length) continue;
  test(`${page.file}: its ${own.length} units and timers pass systemd-analyze verify`, () => {
    const dir = tempDir('units');
    const program = () => {
      writeFileSync(path.join(dir, 'program'), '#!/bin/sh\n', {mode: 0o755});
      return `${dir}/program`;
    };
    const names = own.map((block) => {
      const title = /^# \/etc\/(?:systemd\/system|containers\/systemd)\/(\S+)/.exec(block.code)?.[1];
      const name = (title ?? `seerbox-page-line-${block.line}.service`).replace(/\.container$/, '.service');
      // The unit's programs are the page's scripts, copied where systemd-analyze can check them; a
      // placeholder program such as <SENTINEL_BINARY> becomes an empty executable.
      let unit = block.code
        .replace(/\/usr\/local\/sbin\/([\w.-]+)/g, (script) => {
          writeFileSync(path.join(dir, path.basename(script)), blockByTitle(page.file, script).code, {mode: 0o755});
          return path.join(dir, path.basename(script));
        })
        .replace(/^(ExecStart=)<[A-Z_]+>/m, (_, key) => `${key}${program()}`);
      // A Quadlet file (Podman 4.4 or later) becomes a unit only through Podman's generator, which
      // Debian 12's Podman 4.3 lacks: its [Container] section is left out and the rest is verified
      // as the service it will become.
      if (/^\[Container\]/m.test(unit)) {
        unit = unit
          .replace(/^\[Container\]\n(?:[^[\n].*\n|\n)*/m, '')
          .replace(/^\[Service\]\n/m, `[Service]\nExecStart=${program()}\n`);
      }
      writeFileSync(path.join(dir, name), unit);
      return name;
    });
    for (const [, list] of own
      .map((block) => block.code)
      .join('\n')
      .matchAll(/^(?:Requires|Wants|After)=(.+)$/gm)) {
      for (const name of list.split(/\s+/)) {
        if (name.endsWith('.service') && !names.includes(name) && !installed(name)) {
          writeFileSync(path.join(dir, name), `[Service]\nExecStart=${program()}\n`);
        }
      }
    }
    const verify = spawnSync('systemd-analyze', ['verify', ...names.map((name) => path.join(dir, name))], {
      encoding: 'utf8',
    });
    assert.equal(verify.error, undefined, 'systemd-analyze is not installed (apt-get install systemd)');
    assert.equal(verify.status, 0, verify.stderr);
    assert.equal(verify.stderr, '');
  });
}
