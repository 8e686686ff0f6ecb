// Outcome test of the Linux installation page's database steps: step 1 as printed for each
// distribution family, against a real PostgreSQL cluster in a sandbox host, must end with the
// page's own TCP check connecting; the upgrade's backup, run by an unprivileged administrator
// with sudo, must write a dump, and the roll-back's restore must bring the data back.
// The package managers and systemctl are stand-ins (they cannot run here): "installing"
// PostgreSQL creates the cluster the way each distribution's package does (authentication
// methods and password_encryption of the release modelled), and systemctl drives pg_ctl.
import {test, after, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, existsSync} from 'node:fs';
import {PageSteps, hasCommand, requireOrSkip} from '../support/page-steps';
import {SandboxHost, ADMIN, explain, sandboxUnavailable} from '../support/sandbox-host';

const page = new PageSteps('docs/main/installation/linux.md');
const STEP_1 = 'Step 1: Install Seer Box Storage';
const PASSWORD = 'Outcome-test-pw-1';

/** The newest PostgreSQL server installed (Debian layout), or undefined. */
const pgBin = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : undefined;
})();

type Release = {
  /** What the modelled release's package creates: pg_hba.conf method for TCP, password_encryption. */
  hostAuth: 'scram-sha-256' | 'md5' | 'ident';
  passwordEncryption: 'scram-sha-256' | 'md5';
};

/** Stand-ins for the commands the page runs that a sandbox cannot: dnf, apt, postgresql-setup, systemctl. */
function shims(release: Release): Record<string, string> {
  const initdb = (data: string) =>
    [
      `install -d -o postgres -g postgres -m 0700 ${data}`,
      `runuser -u postgres -- ${pgBin}/initdb -D ${data} --auth-local=peer --auth-host=${release.hostAuth} >/dev/null`,
      `echo "password_encryption = '${release.passwordEncryption}'" >> ${data}/postgresql.conf`,
      `echo ${data} > /run/sandbox-pgdata`,
    ].join('\n');
  const header = '#!/bin/bash\nset -euo pipefail\n';
  return {
    // RHEL: the package installs nothing to run; postgresql-setup --initdb creates /var/lib/pgsql/data.
    dnf: `${header}echo "dnf $*" >> /run/sandbox-packages\n`,
    'postgresql-setup': `${header}[ "$1" = --initdb ]\n${initdb('/var/lib/pgsql/data')}\n`,
    // Debian: installing the package creates the cluster and starts it.
    apt: `${header}echo "apt $*" >> /run/sandbox-packages
if [ "$1" = install ] && [[ " $* " == *" postgresql "* ]]; then
${initdb('/var/lib/postgresql/main')}
  systemctl start postgresql
fi
`,
    systemctl: `${header}data=$(cat /run/sandbox-pgdata)
pg() { runuser -u postgres -- ${pgBin}/pg_ctl -D "$data" "$@"; }
running() { pg status >/dev/null 2>&1; }
start() { running || pg -w -l "$data/server.log" -o "-c listen_addresses=localhost -c unix_socket_directories=/run/postgresql -c port=5432" start >/dev/null; }
action=$1; shift
if [ "$action" = enable ] && [ "\${1:-}" = --now ]; then shift; action=start; fi
for unit in "$@"; do
  case "$unit:$action" in
    postgresql:start) start ;;
    postgresql:restart) pg -w -m fast stop >/dev/null; start ;;
    postgresql:reload) pg reload >/dev/null ;;
    postgresql:stop) pg -w -m fast stop >/dev/null ;;
    postgresql:*) echo "systemctl stand-in: $action not modelled" >&2; exit 1 ;;
    *) echo "$action $unit" >> /run/sandbox-units ;;
  esac
done
`,
  };
}

const sandboxes: SandboxHost[] = [];
after(async () => Promise.all(sandboxes.map((s) => s.stop())));

/** A sandbox host on which step 1 of `tab` has run as printed; returns it and the step's result. */
async function installed(release: Release, tab: 'debian' | 'rhel') {
  const host = await new SandboxHost({shims: shims(release), path: [pgBin!]}).start();
  sandboxes.push(host);
  const step = page.fill(page.block(STEP_1, /createuser/, tab).code);
  // createuser --pwprompt reads the password and its confirmation.
  const result = host.run(step, {input: `${PASSWORD}\n${PASSWORD}\n`});
  return {host, result};
}

/** The page's own check after step 1: psql over TCP to 127.0.0.1 as the seerbox user. */
const tcpCheck = () => page.fill(page.block(STEP_1, /^psql "host=127\.0\.0\.1/m).code);

const cases: Array<{name: string; tab: 'debian' | 'rhel'; release: Release}> = [
  {
    name: 'Debian 12 / Ubuntu 24.04 (scram-sha-256)',
    tab: 'debian',
    release: {hostAuth: 'scram-sha-256', passwordEncryption: 'scram-sha-256'},
  },
  {name: 'Debian 11 / Ubuntu 20.04 (md5)', tab: 'debian', release: {hostAuth: 'md5', passwordEncryption: 'md5'}},
  {
    name: 'RHEL 8 and 9 default streams (ident, md5 passwords)',
    tab: 'rhel',
    release: {hostAuth: 'ident', passwordEncryption: 'md5'},
  },
  {
    name: 'RHEL newer streams (ident, scram-sha-256 passwords)',
    tab: 'rhel',
    release: {hostAuth: 'ident', passwordEncryption: 'scram-sha-256'},
  },
];

const prerequisites = (t: TestContext) =>
  requireOrSkip(t, !sandboxUnavailable(), sandboxUnavailable()) &&
  requireOrSkip(t, pgBin !== undefined, 'PostgreSQL server is not installed: apt-get install postgresql') &&
  requireOrSkip(t, hasCommand('sudo'), 'sudo is not installed: apt-get install sudo');

for (const {name, tab, release} of cases) {
  test(`step 1 (${tab} tab) on ${name}: the page's TCP check connects`, async (t) => {
    if (!prerequisites(t)) return;
    const {host, result} = await installed(release, tab);
    assert.equal(result.status, 0, `step 1 failed: ${explain(result)}`);
    const check = host.run(tcpCheck(), {user: ADMIN.name, env: {PGPASSWORD: PASSWORD}});
    assert.equal(check.status, 0, `the page's psql check did not connect: ${explain(check)}`);
    assert.match(check.stdout, /PostgreSQL \d+/);
    // The stored password is in the form pg_hba.conf accepts on every modelled release.
    const stored = host.run(
      `sudo -u postgres psql -tAc "select left(rolpassword, 13) from pg_authid where rolname = 'seerbox'"`,
    );
    assert.match(
      stored.stdout,
      release.hostAuth === 'md5' ? /^(md5|SCRAM-SHA-256)/ : /^SCRAM-SHA-256/,
      explain(stored),
    );
    await host.stop();
  });
}

test('upgrade backup by an administrator with sudo, then the roll-back restore brings the data back', async (t) => {
  if (!prerequisites(t)) return;
  const {host, result} = await installed({hostAuth: 'scram-sha-256', passwordEncryption: 'scram-sha-256'}, 'debian');
  assert.equal(result.status, 0, `step 1 failed: ${explain(result)}`);
  const sql = (query: string) =>
    host.run(`psql "host=127.0.0.1 dbname=seerbox user=seerbox" -tAc "${query}"`, {
      user: ADMIN.name,
      env: {PGPASSWORD: PASSWORD},
    });
  const seeded = sql(
    "create table alerts (id int primary key, note text); insert into alerts values (1, 'kept'), (2, 'also kept')",
  );
  assert.equal(seeded.status, 0, explain(seeded));

  const backup = page.block('Upgrade', /pg_dump/);
  const ran = host.run(page.fill(backup.code), {user: ADMIN.name});
  assert.equal(ran.status, 0, `the backup failed for a non-root administrator: ${explain(ran)}`);
  const date = host.run('date +%F').stdout.trim();
  assert.match(ran.stdout, new RegExp(`seerbox-${date}\\.dump`), 'the listing shows the dump of today');

  // What the upgrade would have changed: data lost.
  assert.equal(sql('drop table alerts').status, 0);
  const restore = page.block('Upgrade', /pg_restore/);
  const restored = host.run(page.fill(restore.code, {'<BACKUP_DATE>': date}), {user: ADMIN.name});
  assert.equal(restored.status, 0, `the restore failed: ${explain(restored)}`);
  const rows = sql('select note from alerts order by id');
  assert.equal(rows.stdout.trim(), 'kept\nalso kept', explain(rows));
  // The restored table still belongs to the application's user.
  const owner = sql(`select tableowner from pg_tables where tablename = 'alerts'`);
  assert.equal(owner.stdout.trim(), 'seerbox');
  await host.stop();
});
