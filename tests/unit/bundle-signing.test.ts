// The offline bundle's signature (scripts/bundle.mjs with a key): a throw-away ed25519 key signs
// SHA256SUMS, and the reader's two commands of the bundle's README accept the bundle as packed and
// refuse it once a file, or SHA256SUMS itself, is changed. A stand-in site keeps it fast.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DEFAULT_IDENTITY, SBOM_FILE, bundle, bundleReadme} from '../../scripts/bundle.mjs';
import {pdfPath, release} from '../../scripts/pdf.mjs';
import {cspHashesFile} from '../../src/utils/buildMeta.mjs';
import {tempDir} from '../support/temp.ts';

/** The files scripts/bundle.mjs requires of a build, each with a line of text. */
function standInSite(dir: string) {
  for (const file of [
    'index.html',
    'llms.txt',
    'llms-full.txt',
    'it/llms-full.txt',
    'main/architecture.md',
    path.relative(dir, cspHashesFile(dir)),
    ...['en', 'it'].map((locale) => path.relative(dir, pdfPath(dir, locale, release()))),
  ]) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), `${file}\n`);
  }
}

function sh(command: string, args: string[], cwd: string, input?: string) {
  const result = spawnSync(command, args, {cwd, input, encoding: 'utf8'});
  if (result.error) throw new Error(`${command} not found (Debian: openssh-client, coreutils, tar)`);
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

/** The README's step 1 and step 2, run as a reader runs them from the unpacked folder. */
const verifySignature = (dir: string) =>
  sh(
    'ssh-keygen',
    ['-Y', 'verify', '-f', 'allowed_signers', '-I', DEFAULT_IDENTITY, '-n', 'file', '-s', 'SHA256SUMS.sig'],
    dir,
    readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8'),
  );
const verifySums = (dir: string) => sh('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], dir);

/** Packs a bundle of a stand-in site and unpacks its tarball; the unpacked folder. */
function packAndUnpack(work: string, key?: string) {
  const site = path.join(work, 'site');
  standInSite(site);
  const out = path.join(work, 'dist');
  mkdirSync(out);
  const result = bundle({dir: site, out, key});
  const unpacked = path.join(work, 'unpacked');
  mkdirSync(unpacked);
  assert.equal(sh('tar', ['-xzf', result.tarball, '-C', unpacked], work).status, 0);
  return {result, dir: path.join(unpacked, `seer-box-docs-${release()}`)};
}

test('a signed bundle verifies with the README commands, and a changed file or SHA256SUMS fails', () => {
  const work = tempDir('bundle-signed');
  const key = path.join(work, 'release-key');
  assert.equal(sh('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', key], work).status, 0);
  const fingerprint = sh('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${key}.pub`], work).output.split(' ')[1];

  const {result, dir} = packAndUnpack(work, key);
  assert.equal(result.fingerprint, fingerprint);
  const files = readdirSync(dir);
  for (const file of ['SHA256SUMS', 'SHA256SUMS.sig', 'allowed_signers', 'signing-key.pub', SBOM_FILE]) {
    assert.ok(files.includes(file), `${file} is in the bundle`);
  }
  assert.equal(readFileSync(path.join(dir, 'signing-key.pub'), 'utf8'), readFileSync(`${key}.pub`, 'utf8'));
  const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
  assert.ok(readme.includes(`signed by \`${DEFAULT_IDENTITY}\` with the key whose fingerprint is \`${fingerprint}\``));
  assert.ok(readme.includes(`firmato da \`${DEFAULT_IDENTITY}\``));
  const command = `ssh-keygen -Y verify -f allowed_signers -I ${DEFAULT_IDENTITY} -n file -s SHA256SUMS.sig < SHA256SUMS`;
  assert.equal(readme.split(command).length, 3, 'the verify command, once per language');
  assert.doesNotMatch(readme, /\{\{|unsigned/);
  // The signed list covers the public key and allowed_signers too, not itself or its signature.
  const listed = readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8');
  assert.match(listed, / {2}allowed_signers\n/);
  assert.match(listed, / {2}sbom\.cdx\.json\n/, 'the SBOM is covered by the signed list');
  assert.doesNotMatch(listed, /SHA256SUMS/);

  const good = verifySignature(dir);
  assert.equal(good.status, 0, good.output);
  const line = `Good "file" signature for ${DEFAULT_IDENTITY} with ED25519 key ${fingerprint}`;
  assert.ok(good.output.includes(line), good.output);
  assert.equal(verifySums(dir).status, 0);

  // A changed page: the signature still holds (the list is untouched), the checksums do not.
  appendFileSync(path.join(dir, 'site/main/architecture.md'), 'tampered\n');
  const changedFile = verifySums(dir);
  assert.notEqual(changedFile.status, 0);
  assert.match(changedFile.output, /site\/main\/architecture\.md: FAILED/);
  // The list rewritten to match the changed page: now the signature fails.
  writeFileSync(
    path.join(dir, 'SHA256SUMS'),
    sh('sha256sum', ['site/main/architecture.md'], dir).output +
      listed
        .split('\n')
        .filter((line) => line && !line.endsWith('site/main/architecture.md'))
        .join('\n') +
      '\n',
  );
  assert.equal(verifySums(dir).status, 0, 'the forged list matches the changed files');
  const forged = verifySignature(dir);
  assert.notEqual(forged.status, 0, forged.output);
  assert.match(forged.output, /verification failed|Signature verification failed/i);
});

test('without a key the bundle has no signature files and its README says it is unsigned', () => {
  const work = tempDir('bundle-unsigned');
  const {result, dir} = packAndUnpack(work);
  assert.equal(result.fingerprint, null);
  for (const file of ['SHA256SUMS.sig', 'allowed_signers', 'signing-key.pub']) {
    assert.ok(!existsSync(path.join(dir, file)), `no ${file}`);
  }
  assert.equal(verifySums(dir).status, 0);
  const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
  assert.match(readme, /This bundle is \*\*unsigned\*\*/);
  assert.match(readme, /Questo pacchetto \*\*non è firmato\*\*/);
  assert.equal(readme, bundleReadme(release()));
});

test('the script says clearly when it makes an unsigned bundle', () => {
  const work = tempDir('bundle-cli');
  const site = path.join(work, 'site');
  standInSite(site);
  const env = {...process.env};
  delete env.SEERBOX_SIGNING_KEY;
  const root = path.resolve(import.meta.dirname, '../..');
  const run = spawnSync('node', ['scripts/bundle.mjs', '--dir', site, '--out', path.join(work, 'dist')], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /bundle: UNSIGNED: SEERBOX_SIGNING_KEY is not set/);
});
