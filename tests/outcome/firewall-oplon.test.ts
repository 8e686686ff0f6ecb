// Outcome test of the OPLON pages' certificate check (firewall and WAF, both languages): the page's
// `openssl s_client` commands run against a local `openssl s_server` whose certificate, signed by a
// throw-away CA, lists a host name and 127.0.0.1. The name resolves only inside a private mount
// namespace whose /etc/hosts is a temporary file, so the machine's own /etc is never touched.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import path from 'node:path';
import {codeBlocks} from '../support/code-blocks';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';
import {tempDir} from '../support/temp';

const PAGES = [
  'main/configuration/firewalls/network-firewalls/oplon-firewall.md',
  'main/configuration/firewalls/web-application-firewalls/oplon-waf.md',
].flatMap((page) => [path.join('docs', page), path.join(ITALIAN_DOCS_DIR, page)]);

const NAME = 'oplon-mgmt.test';
const dir = tempDir('outcome-oplon');
const cannotRun = process.getuid?.() !== 0 ? 'needs root for a private mount namespace (CI runs as root)' : '';

const openssl = (...args: string[]) => {
  const result = spawnSync('openssl', args, {cwd: dir, encoding: 'utf8'});
  assert.equal(result.status, 0, result.stderr);
};

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
/** A throw-away CA: `name`.pem (the file the pages call oplon-ca.pem) and its key. */
const authority = (name: string) =>
  openssl('req', '-x509', ...EC, '-days', '2', '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.pem`);
/** A server certificate `name`.pem signed by `ca`, with the given subjectAltName. */
function certificate(ca: string, name: string, altNames: string) {
  openssl('req', ...EC, '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.csr`);
  writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${altNames}\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  );
}

const servers: ChildProcess[] = [];
/** `openssl s_server` on a free loopback port with `cert`; resolves with the port once it accepts. */
async function serve(cert: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const server = spawn(
    'openssl',
    ['s_server', '-accept', `127.0.0.1:${port}`, '-cert', `${cert}.pem`, '-key', `${cert}.key`],
    {
      cwd: dir,
    },
  );
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (data: Buffer) => data.includes('ACCEPT') && resolve());
    server.once('exit', () => reject(new Error('openssl s_server did not start')));
  });
  return port;
}

let good = 0;
let nameOnly = 0;
before(async () => {
  if (cannotRun) return;
  authority('oplon-ca');
  authority('other-ca');
  certificate('oplon-ca', 'mgmt', `DNS:${NAME},IP:127.0.0.1`);
  certificate('oplon-ca', 'named', `DNS:${NAME}`);
  writeFileSync(path.join(dir, 'hosts'), `127.0.0.1 ${NAME}\n`);
  [good, nameOnly] = [await serve('mgmt'), await serve('named')];
});
after(() => servers.forEach((server) => server.kill()));

/** The page's `openssl s_client` commands, continuation lines joined: [name variant, IP variant]. */
function commands(file: string) {
  const block = codeBlocks(readFileSync(file, 'utf8')).find((candidate) => candidate.code.includes('openssl s_client'));
  assert.ok(block, 'no openssl s_client block');
  const joined = block.code.replace(/\\\n\s*/g, '').split('\n');
  const pick = (option: string) => {
    const found = joined.filter((line) => line.startsWith('openssl s_client') && line.includes(option));
    assert.equal(found.length, 1, `expected one openssl s_client command with ${option}`);
    return found[0];
  };
  return {name: pick('-verify_hostname'), ip: pick('-verify_ip')};
}

/** Runs a command with the placeholders filled, where NAME resolves to 127.0.0.1. */
function check(command: string, host: string, port: number, ca = 'oplon-ca.pem') {
  const filled = command
    .replaceAll('<OPLON_MGMT_HOST>', host)
    .replaceAll('<OPLON_MGMT_PORT>', String(port))
    .replaceAll('oplon-ca.pem', ca);
  const result = spawnSync('unshare', ['--mount', 'bash', '-c', `mount --bind hosts /etc/hosts && ${filled}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  return {
    ok: result.status === 0 && /subject=.*CN ?= ?(mgmt|named)/.test(result.stdout),
    output: result.stdout + result.stderr,
  };
}

for (const file of PAGES) {
  test(`${file}: the certificate check passes by name and by IP address, and refuses what it must`, (t) => {
    if (cannotRun) {
      if (process.env.CI) assert.fail(cannotRun);
      return t.skip(cannotRun);
    }
    const {name, ip} = commands(file);
    assert.ok(check(name, NAME, good).ok, check(name, NAME, good).output);
    assert.ok(check(ip, '127.0.0.1', good).ok, check(ip, '127.0.0.1', good).output);
    // Why the page needs the IP variant: the name check refuses an address the certificate lists.
    assert.equal(check(name, '127.0.0.1', good).ok, false);
    // A certificate from another CA, or one without the IP address, is refused.
    assert.equal(check(name, NAME, good, 'other-ca.pem').ok, false);
    assert.equal(check(ip, '127.0.0.1', good, 'other-ca.pem').ok, false);
    assert.equal(check(ip, '127.0.0.1', nameOnly).ok, false);
    assert.ok(check(name, NAME, nameOnly).ok);
  });
}
