// Outcome test of the Linux installation page's Quadlet units: Podman's own generator must turn
// every .container file of the page (placeholders filled) into a service without an error, and
// systemd must accept the generated services on a host whose database and broker run elsewhere
// (no postgresql or rabbitmq-server unit), the page's remote-database option.
import {test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {PageSteps, hasCommand, requireOrSkip, toolPath} from '../support/page-steps';
import {tempDir} from '../support/temp';
import {codeBlocks} from '../support/code-blocks';

const page = new PageSteps('docs/main/installation/linux.md');
const quadlet = toolPath('/usr/libexec/podman/quadlet');
const SYSTEM_UNITS = '/lib/systemd/system';

/** The page's Quadlet files: ini blocks whose first line names a file under /etc/containers/systemd/. */
const containerFiles = codeBlocks(page.markdown)
  .filter((block) => block.lang === 'ini')
  .map((block) => ({name: /^# \/etc\/containers\/systemd\/(\S+\.container)$/m.exec(block.code)?.[1], code: block.code}))
  .filter((file): file is {name: string; code: string} => file.name !== undefined);

const prerequisites = (t: TestContext) =>
  requireOrSkip(
    t,
    quadlet !== undefined,
    "Podman's Quadlet generator is missing (Debian 12's podman 4.3 has none): bash tests/outcome/tools.sh DIR, then SEERBOX_OUTCOME_TOOLS=DIR",
  ) &&
  requireOrSkip(
    t,
    hasCommand('systemd-analyze') && hasCommand('podman'),
    'systemd-analyze (package systemd) and podman are needed',
  );

/** Runs the generator on the page's files; returns the folder of generated units. */
function generate() {
  const sources = tempDir('quadlet-in');
  const generated = tempDir('quadlet-out');
  for (const file of containerFiles) writeFileSync(path.join(sources, file.name), page.fill(file.code));
  const env = {...process.env, QUADLET_UNIT_DIRS: sources};
  const dryRun = spawnSync(quadlet!, ['-dryrun'], {encoding: 'utf8', env});
  const written = spawnSync(quadlet!, [generated], {encoding: 'utf8', env});
  return {generated, dryRun, written};
}

/** The distribution's units without PostgreSQL and RabbitMQ: a host that uses remote ones. */
function unitsWithoutLocalServices() {
  const dir = tempDir('units');
  for (const unit of readdirSync(SYSTEM_UNITS)) {
    if (!/^(postgresql|rabbitmq)/.test(unit)) symlinkSync(path.join(SYSTEM_UNITS, unit), path.join(dir, unit));
  }
  return dir;
}

test('the page has the four Quadlet files (Engine, Gui, Reporter, Sentinel)', () => {
  assert.deepEqual(containerFiles.map((file) => file.name).sort(), [
    'seer-box-engine.container',
    'seer-box-gui.container',
    'seer-box-reporter.container',
    'seer-box-sentinel.container',
  ]);
});

test("Podman's Quadlet generator accepts every .container file of the page (-dryrun)", (t) => {
  if (!prerequisites(t)) return;
  const {dryRun} = generate();
  assert.equal(dryRun.status, 0, dryRun.stderr);
  assert.doesNotMatch(dryRun.stderr, /unsupported key|error|converting/i);
  for (const file of containerFiles) {
    const unit = file.name.replace(/\.container$/, '.service');
    assert.match(dryRun.stdout, new RegExp(`---${unit}---`), `${unit} was not generated`);
  }
  // The generated start command runs the image the page pins, on the host's network.
  assert.match(
    dryRun.stdout,
    /ExecStart=\/usr\/bin\/podman run --name seer_box_engine .*--network host .*@sha256:[0-9a-f]{64}/,
  );
});

test('systemd accepts the generated services on a host whose database and broker are remote', (t) => {
  if (!prerequisites(t)) return;
  const {generated, written} = generate();
  assert.equal(written.status, 0, written.stderr);
  const services = readdirSync(generated).filter((name) => name.endsWith('.service'));
  assert.equal(services.length, containerFiles.length);
  const unitPath = `${generated}:${unitsWithoutLocalServices()}`;
  for (const service of services) {
    const verify = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(generated, service)], {
      encoding: 'utf8',
      env: {...process.env, SYSTEMD_UNIT_PATH: unitPath},
    });
    assert.equal(verify.status, 0, `${service}: ${verify.stderr}`);
  }
});
