// The ipset sync job that the iptables page ships, run exactly as printed on the page inside a
// network namespace made for each test (unshare --net, as root), with /run on a throw-away tmpfs:
// the host's sets and rules are never touched. The feed is a local file (curl reads file:// URLs).
// The rules the job leaves are then read back with iptables-save and checked with
// iptables-restore --test, and the page's removal commands must leave nothing behind.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {codeBlocks} from '../support/code-blocks';

const PAGE = 'main/configuration/firewalls/network-firewalls/ip-tables-firewall.md';
const blocks = codeBlocks(readFileSync(path.join('docs', PAGE), 'utf8'));
const job = blocks.find((block) => block.code.startsWith('#!/usr/bin/env bash\n# /usr/local/sbin/seerbox-ipset-sync'));
// "Remove everything", without its systemctl and rm lines (no timer or cron file exists here).
const removal = blocks.find((block) => block.code.includes('ipset destroy "$s"'));

/** Why these tests cannot run here, or null. In CI (CI=true) they must run. */
function unavailable() {
  if (process.getuid?.() !== 0) return 'needs root (network namespaces)';
  for (const tool of [
    'unshare',
    'ipset',
    'iptables',
    'ip6tables',
    'iptables-save',
    'iptables-restore',
    'curl',
    'flock',
  ]) {
    if (spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
      return `${tool} is not installed (see .ci/run)`;
    }
  }
  const probe = spawnSync('unshare', ['--net', 'true'], {encoding: 'utf8'});
  if (probe.status !== 0) return `unshare --net is not allowed here: ${probe.stderr.trim()}`;
  return null;
}
const reason = unavailable();
if (reason && process.env.CI) throw new Error(`ipset sync tests cannot run in CI: ${reason}`);

/** Runs `script` (bash) in a fresh network and mount namespace; returns status and output. */
function inNamespace(script: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ipset-sync-'));
  writeFileSync(path.join(dir, 'job.sh'), job!.code, {mode: 0o755});
  writeFileSync(
    path.join(dir, 'remove.sh'),
    removal!.code
      .split('\n')
      .filter((line) => !/^(systemctl|rm) /.test(line))
      .join('\n'),
  );
  const setup = `set -u\nmount -t tmpfs none /run\ncd '${dir}'\nexport PATH="$PATH:/usr/sbin:/sbin" ALLOW_FILE='${dir}/allow.txt'\n`;
  const result = spawnSync('unshare', ['--net', '--mount', 'bash', '-c', setup + script], {encoding: 'utf8'});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr, dir};
}

const entries = (output: string, set: string) =>
  Number(new RegExp(`Name: ${set}\\n[\\s\\S]*?Number of entries: (\\d+)`).exec(output)?.[1] ?? -1);

test('the page has the job and the removal commands', () => {
  assert.ok(job, 'the seerbox-ipset-sync script block is missing from the page');
  assert.ok(removal, 'the "Remove everything" block is missing from the page');
});

test(
  'a feed loads the block sets, the allowlist goes first, and a second run adds nothing',
  {skip: reason ?? false},
  () => {
    const {status, stdout, stderr} = inNamespace(`
printf '# feed\\n203.0.113.7\\n198.51.100.0/24\\n2001:db8::1\\n' > feed
printf '192.0.2.50\\n' > allow.txt
FEED_URL="file://$PWD/feed" ./job.sh
FEED_URL="file://$PWD/feed" ./job.sh
echo "== sets"; ipset list -t
echo "== rules"; iptables -S
echo "== rules6"; ip6tables -S
echo "== save"; iptables-save > saved.rules; iptables-restore --test < saved.rules && echo restore-test-ok
`);
    assert.equal(status, 0, stderr);
    assert.equal(entries(stdout, 'seerbox-block4'), 2);
    assert.equal(entries(stdout, 'seerbox-block6'), 1);
    assert.equal(entries(stdout, 'seerbox-allow4'), 1);
    const rules = stdout.split('== rules\n')[1].split('== rules6')[0];
    assert.deepEqual(
      rules.split('\n').filter((line) => line.startsWith('-A')),
      [
        '-A INPUT -j SEERBOX',
        '-A SEERBOX -m set --match-set seerbox-allow4 src -j RETURN',
        '-A SEERBOX -m set --match-set seerbox-block4 src -j DROP',
      ],
    );
    assert.match(stdout.split('== rules6')[1], /-A SEERBOX -m set --match-set seerbox-block6 src -j DROP/);
    assert.match(stdout, /restore-test-ok/);
  },
);

test('a hostile or broken feed is refused and the block sets keep their content', {skip: reason ?? false}, () => {
  const {status, stdout, stderr} = inNamespace(`
printf '203.0.113.7\\n' > good
printf '203.0.113.8\\n-exist flush seerbox-block4\\n' > hostile
printf '203.0.113.9\\n$(touch pwned)\\n' > substitution
printf '999.1.1.1\\n' > invalid
FEED_URL="file://$PWD/good" ./job.sh >/dev/null
for feed in hostile substitution invalid missing; do
  FEED_URL="file://$PWD/$feed" ./job.sh >/dev/null 2>"$feed.err"; echo "$feed exit $?"
done
cat *.err
ipset list seerbox-block4
if test -e pwned; then echo PWNED; fi
`);
  assert.equal(status, 0, stderr);
  for (const feed of ['hostile', 'substitution', 'invalid', 'missing']) {
    assert.match(stdout, new RegExp(`${feed} exit [1-9]`), `${feed}: ${stdout}`);
  }
  assert.match(stdout, /unexpected lines, seerbox-block4 and seerbox-block6 left unchanged/);
  assert.match(stdout, /rejected by ipset, seerbox-block4 and seerbox-block6 left unchanged/);
  assert.equal(entries(stdout, 'seerbox-block4'), 1);
  assert.match(stdout, /Members:\n203\.0\.113\.7\n/);
  assert.doesNotMatch(stdout, /PWNED/);
});

test("the page's removal commands leave no chain and no set", {skip: reason ?? false}, () => {
  const {status, stdout, stderr} = inNamespace(`
printf '203.0.113.7\\n' > feed
FEED_URL="file://$PWD/feed" ./job.sh >/dev/null
bash remove.sh
echo "== sets"; ipset list -n
echo "== rules"; iptables -S; ip6tables -S
`);
  assert.equal(status, 0, stderr);
  assert.doesNotMatch(stdout, /seerbox|SEERBOX/);
});
