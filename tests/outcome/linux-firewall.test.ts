// Outcome test of the Linux installation page's firewall step: both tabs run as printed, through
// the real firewalld and ufw command parsers, and the traffic-source ports 20050-20100 must be
// open only to the senders' network, never to any address. Neither firewall is started: firewalld's
// commands go to firewall-offline-cmd with a configuration folder of the test's own, ufw runs in
// --dry-run with its own root folder, both inside a sandbox host (its own network namespace).
import {test, after, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, readdirSync, copyFileSync} from 'node:fs';
import path from 'node:path';
import {PageSteps, hasCommand, requireOrSkip, toolPath} from '../support/page-steps';
import {SandboxHost, explain, sandboxUnavailable} from '../support/sandbox-host';
import {PLACEHOLDERS} from '../../scripts/check-samples.mjs';
import {tempDir} from '../support/temp';

const page = new PageSteps('docs/main/installation/linux.md');
const STEP_4 = 'Step 4: Open the firewall';
const SENDERS = PLACEHOLDERS['<WEB_SERVERS_CIDR>'];
const firewalld = toolPath('/usr/bin/firewall-offline-cmd');
const ufw = toolPath('/usr/sbin/ufw');
/** Debian's python3 (firewalld needs its gi, dbus and nftables modules), whatever python3 PATH finds first. */
const PYTHON = '/usr/bin/python3';

const sandboxes: SandboxHost[] = [];
after(async () => Promise.all(sandboxes.map((s) => s.stop())));

const prerequisites = (t: TestContext) =>
  requireOrSkip(t, !sandboxUnavailable(), sandboxUnavailable()) &&
  requireOrSkip(t, hasCommand('sudo'), 'sudo is not installed: apt-get install sudo');

/** The folder holding a tool's Python modules, next to where it was unpacked or installed. */
const pythonPath = (tool: string) => path.join(tool.slice(0, tool.indexOf('/usr/')), 'usr/lib/python3/dist-packages');

test('firewalld tab: the traffic-source ports are open only to the senders', async (t) => {
  if (!prerequisites(t)) return;
  const python = ['gi', 'dbus', 'nftables'].every(
    (module) => spawnSync(PYTHON, ['-c', `import ${module}`]).status === 0,
  );
  if (
    !requireOrSkip(
      t,
      firewalld !== undefined,
      'firewall-offline-cmd is not unpacked: bash tests/outcome/tools.sh DIR, then SEERBOX_OUTCOME_TOOLS=DIR',
    )
  )
    return;
  if (!requireOrSkip(t, python, 'firewalld needs python3-gi, python3-dbus and python3-nftables: apt-get install them'))
    return;
  const config = tempDir('firewalld');
  const defaults = path.join(firewalld!.slice(0, firewalld!.indexOf('/usr/')), 'usr/lib/firewalld');
  // firewall-cmd --permanent edits the permanent configuration; offline, the same options edit it directly.
  const shim = `#!/bin/bash
set -euo pipefail
args=()
for arg in "$@"; do
  case "$arg" in
    --permanent) ;;
    --reload) exit 0 ;;
    *) args+=("$arg") ;;
  esac
done
PYTHONPATH=${pythonPath(firewalld!)} exec ${PYTHON} ${firewalld} --system-config ${config} --default-config ${defaults} "\${args[@]}"
`;
  const host = await new SandboxHost({shims: {'firewall-cmd': shim}}).start();
  sandboxes.push(host);
  const step = page.block(STEP_4, /firewall-cmd/, 'firewalld');
  const ran = host.run(page.fill(step.code));
  assert.equal(ran.status, 0, explain(ran));
  // The last command of the step, --list-all, shows the resulting zone.
  const zone = ran.stdout;
  for (const protocol of ['udp', 'tcp']) {
    assert.match(
      zone,
      new RegExp(
        `rule family="ipv4" source address="${SENDERS}" port port="20050-20100" protocol="${protocol}" accept`,
      ),
    );
  }
  assert.doesNotMatch(/^\s*ports:.*$/m.exec(zone)?.[0] ?? '', /20050/, 'the range is open to any address');
  await host.stop();
});

test('ufw tab: the traffic-source ports are open only to the senders', async (t) => {
  if (!prerequisites(t)) return;
  if (
    !requireOrSkip(
      t,
      ufw !== undefined,
      'ufw is not unpacked: bash tests/outcome/tools.sh DIR, then SEERBOX_OUTCOME_TOOLS=DIR',
    )
  )
    return;
  if (!requireOrSkip(t, hasCommand('iptables'), 'ufw needs iptables: apt-get install iptables')) return;
  // A root folder of ufw's own, with the files its Debian package creates at installation.
  const root = tempDir('ufw');
  const installed = ufw!.slice(0, ufw!.indexOf('/usr/'));
  cpSync(path.join(installed, 'etc'), path.join(root, 'etc'), {recursive: true});
  cpSync(path.join(installed, 'usr/share/ufw'), path.join(root, 'usr/share/ufw'), {recursive: true});
  copyFileSync(path.join(root, 'usr/share/ufw/ufw.conf'), path.join(root, 'etc/ufw/ufw.conf'));
  for (const rules of readdirSync(path.join(root, 'usr/share/ufw/iptables'))) {
    copyFileSync(path.join(root, 'usr/share/ufw/iptables', rules), path.join(root, 'etc/ufw', rules));
  }
  cpSync(path.join(installed, 'lib/ufw'), path.join(root, 'lib/ufw'), {recursive: true});
  const shim = `#!/bin/bash
PYTHONPATH=${pythonPath(ufw!)} exec ${PYTHON} ${ufw} --rootdir=${root} --datadir=${root} --dry-run "$@"
`;
  const host = await new SandboxHost({shims: {ufw: shim}}).start();
  sandboxes.push(host);
  const step = page.block(STEP_4, /ufw allow/, 'ufw');
  const ran = host.run(page.fill(step.code));
  assert.equal(ran.status, 0, explain(ran));
  const accepted = ran.stdout.split('\n').filter((line) => /^-A ufw6?-user-input .*20050:20100/.test(line));
  assert.deepEqual(
    accepted.map((line) => /-p (\w+)/.exec(line)?.[1]).sort(),
    ['tcp', 'udp'],
    `one udp and one tcp rule for the range:\n${accepted.join('\n')}`,
  );
  for (const line of accepted)
    assert.match(line, new RegExp(`-s ${SENDERS.replace(/\./g, '\\.')} `), `open to any address: ${line}`);
  await host.stop();
});
