// Outcome test of the Linux installation page's image steps (Quadlet method). Three tiny images,
// built here, stand for the Engine, Gui and Reporter: a registry inside the sandbox host answers
// for quay.io (registries.conf), so the page's commands run as printed. The offline path must
// leave every reference pinned by the page's .container units resolvable on a host that has no
// network at all, and `podman create --pull=never` must accept each of them.
import {test, after, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {PageSteps, fill, hasCommand, requireOrSkip, toolPath} from '../support/page-steps';
import {SandboxHost, ADMIN, explain, sandboxUnavailable} from '../support/sandbox-host';

const page = new PageSteps('docs/main/installation/linux.md');
const STEP_3 = 'Step 3: Install the Seer Box services';
const REGISTRY = '127.0.0.1:5000';
const registryBinary = toolPath('/usr/bin/docker-registry');
const SERVICES = [
  {image: '<ENGINE_IMAGE>', digest: '<ENGINE_DIGEST>'},
  {image: '<GUI_IMAGE>', digest: '<GUI_DIGEST>'},
  {image: '<REPORTER_IMAGE>', digest: '<REPORTER_DIGEST>'},
];

const sandboxes: SandboxHost[] = [];
after(async () => Promise.all(sandboxes.map((s) => s.stop())));

const prerequisites = (t: TestContext) =>
  requireOrSkip(t, !sandboxUnavailable(), sandboxUnavailable()) &&
  requireOrSkip(t, hasCommand('podman'), 'podman is not installed: apt-get install podman') &&
  requireOrSkip(t, hasCommand('skopeo'), 'skopeo is not installed: apt-get install skopeo') &&
  requireOrSkip(t, hasCommand('sudo'), 'sudo is not installed: apt-get install sudo') &&
  requireOrSkip(t, hasCommand('curl'), 'curl is not installed: apt-get install curl') &&
  requireOrSkip(
    t,
    registryBinary !== undefined,
    'docker-registry is not unpacked: bash tests/outcome/tools.sh DIR, then SEERBOX_OUTCOME_TOOLS=DIR',
  );

/**
 * A sandbox host whose quay.io is a registry on its own loopback, holding one small image per
 * service; returns it and the placeholder values (image names and the registry's digests).
 */
async function hostWithRegistry() {
  const host = await new SandboxHost({
    containers: {
      'registries.conf': `unqualified-search-registries = []\n[[registry]]\nprefix = "quay.io"\nlocation = "${REGISTRY}"\ninsecure = true\n`,
      'storage.conf':
        '[storage]\ndriver = "vfs"\nrunroot = "/run/containers/storage"\ngraphroot = "/var/lib/containers/storage"\n',
    },
  }).start();
  sandboxes.push(host);
  const config = path.join(host.dir, 'registry.yml');
  writeFileSync(
    config,
    `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: /var/lib/registry\nhttp:\n  addr: ${REGISTRY}\n`,
  );
  host.startBackground([registryBinary!, 'serve', config]);
  for (let i = 0; host.run(`curl -fsS http://${REGISTRY}/v2/`).status !== 0; i += 1) {
    assert.ok(i < 100, 'the registry did not start');
    await sleep(100);
  }
  const values: Record<string, string> = {};
  for (const [index, {image, digest}] of SERVICES.entries()) {
    const name = fill(image);
    const context = path.join(host.dir, `image-${index}`);
    mkdirSync(context);
    writeFileSync(path.join(context, 'service.txt'), `${name}\n`);
    writeFileSync(
      path.join(context, 'Containerfile'),
      'FROM scratch\nCOPY service.txt /service.txt\nCMD ["/service.txt"]\n',
    );
    // The publisher's own storage, as Pluribus One's build machine would have.
    const podman = 'podman --root /var/lib/publisher/root --runroot /run/publisher';
    const remote = `${REGISTRY}/pluribus_one/${name}:${fill('<RELEASE_TAG>')}`;
    const published = host.run(
      `${podman} build -q -t ${remote} ${context} && ${podman} push -q --tls-verify=false ${remote} && ` +
        `skopeo inspect --tls-verify=false --format '{{.Digest}}' docker://${remote}`,
    );
    assert.equal(published.status, 0, explain(published));
    // The last line is skopeo's; podman build -q prints the image ID before it.
    values[digest] = published.stdout
      .trim()
      .split('\n')
      .pop()!
      .replace(/^sha256:/, '');
    assert.match(values[digest], /^[0-9a-f]{64}$/);
  }
  return {host, values};
}

/** A block's lines without registry log-ins (the sandbox's registry needs none). */
const withoutLogin = (code: string) =>
  code
    .split('\n')
    .filter((line) => !/^\s*(sudo )?(podman|skopeo) login\b/.test(line))
    .join('\n');

/** The images the page's .container units pin (their Image= values), filled. */
function pinnedImages(values: Record<string, string>): string[] {
  const units = page.blocks(STEP_3, 'quadlet').filter((block) => block.lang === 'ini');
  const images = units.map((unit) => page.fill(/^Image=(.+)$/m.exec(unit.code)![1], values));
  assert.equal(images.length, 3, 'one Engine, one Gui and one Reporter unit');
  return images;
}

test('offline: the skopeo transfer keeps the digests the units pin, on a host without network', async (t) => {
  if (!prerequisites(t)) return;
  const {host, values} = await hostWithRegistry();
  const transfer = path.join(host.home, 'transfer');
  host.run(`install -d -o ${ADMIN.name} ${transfer}`);
  const connected = page.block(STEP_3, /skopeo copy .*docker:\/\//, 'quadlet');
  const copied = host.run(withoutLogin(page.fill(connected.code, values)), {user: ADMIN.name, cwd: transfer});
  assert.equal(copied.status, 0, `copy on the connected machine: ${explain(copied)}`);

  const airGapped = page.block(STEP_3, /containers-storage:/, 'quadlet');
  const stored = host.run(page.fill(airGapped.code, values), {user: ADMIN.name, cwd: transfer, offline: true});
  assert.equal(stored.status, 0, `store on the air-gapped host: ${explain(stored)}`);
  assert.match(stored.stdout, /engine ok\ngui ok\nreporter ok/);

  for (const image of pinnedImages(values)) {
    const created = host.run(`sudo podman create --pull=never ${image}`, {user: ADMIN.name, offline: true});
    assert.equal(created.status, 0, `${image} does not resolve offline: ${explain(created)}`);
  }
  await host.stop();
});

test('online: the page pulls by digest, and the units find their images', async (t) => {
  if (!prerequisites(t)) return;
  const {host, values} = await hostWithRegistry();
  const pull = page.block(STEP_3, /podman pull/, 'quadlet');
  const pulled = host.run(withoutLogin(page.fill(pull.code, values)), {user: ADMIN.name});
  assert.equal(pulled.status, 0, explain(pulled));
  for (const image of pinnedImages(values)) {
    const created = host.run(`sudo podman create --pull=never ${image}`, {user: ADMIN.name, offline: true});
    assert.equal(created.status, 0, `${image} not found after the pull: ${explain(created)}`);
  }
  await host.stop();
});

test('why not podman save and load: a loaded image does not answer to its registry digest', async (t) => {
  if (!prerequisites(t)) return;
  const {host, values} = await hostWithRegistry();
  const [engine] = pinnedImages(values);
  const tagged = engine.replace(/@sha256:.*/, '');
  const saved = host.run(
    `podman pull -q ${tagged} && podman save -o /var/tmp/images.tar ${tagged} && podman rmi -a -f >/dev/null && ` +
      `unshare --net podman load -q -i /var/tmp/images.tar && unshare --net podman image exists ${tagged}`,
  );
  assert.equal(saved.status, 0, `the image was loaded under its tag: ${explain(saved)}`);
  assert.notEqual(
    host.run(`unshare --net podman image exists ${engine}`).status,
    0,
    'the save/load path kept the digest after all',
  );
  await host.stop();
});
