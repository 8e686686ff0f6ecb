#!/usr/bin/env node
// The offline bundle: the built site (both languages, the PDF manuals, the Markdown
// twins and llms files), the nginx configuration, a README in English and Italian
// and SHA256SUMS, packed as dist/seer-box-docs-RELEASE.tar.gz and .zip.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {runCli} from './lib/cli.mjs';
import {sourceDate} from '../src/utils/sourceDate.mjs';
import {pdfPath, release} from './pdf.mjs';
import {BUILD_META_DIR, cspHashesFile} from '../src/utils/buildMeta.mjs';
import {LOCALES, localeFolder} from '../src/utils/sitePaths.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The signer's name in allowed_signers when SEERBOX_SIGNING_IDENTITY does not give one. */
export const DEFAULT_IDENTITY = 'seer-box-docs';

/** The namespace of the signature: ssh-keygen's own for files (`-n file`). */
const NAMESPACE = 'file';

const USAGE = `Usage: node scripts/bundle.mjs [--dir DIR] [--out DIR]

Packs a production build (npm run build first; npm run bundle does both) into
OUT/seer-box-docs-RELEASE.tar.gz and OUT/seer-box-docs-RELEASE.zip, RELEASE
from package.json. Inside, under seer-box-docs-RELEASE/:
  site/        the built site, with downloads/*.pdf, llms.txt, llms-full.txt and
               every page's .md (English at the root, Italian under it/)
  nginx/       the shipped nginx configuration (deploy/nginx)
  README.md    how to serve and verify the bundle, in English and Italian
               (deploy/offline-bundle-README.md)
  sbom.cdx.json
               the CycloneDX JSON bill of materials of the site's npm
               dependencies (React, Docusaurus, Swagger UI, Pagefind, ... with
               versions and licences), made by cyclonedx-npm from package-lock.json
  SHA256SUMS   the SHA-256 of every other file (sha256sum -c SHA256SUMS)
  SHA256SUMS.sig, allowed_signers, signing-key.pub
               with a signing key only: the OpenSSH signature of SHA256SUMS,
               the signer's public key and the file ssh-keygen -Y verify reads
  --dir DIR    the built site (default: build)
  --out DIR    where the archives go (default: dist)
  --help       show this help

Environment:
  SEERBOX_SIGNING_KEY       an OpenSSH private key without passphrase (e.g. made
                            with ssh-keygen -t ed25519): SHA256SUMS is signed with
                            ssh-keygen -Y sign -n file. Unset: the bundle is unsigned,
                            and the script says so.
  SEERBOX_SIGNING_IDENTITY  the signer's name in allowed_signers (default:
                            ${DEFAULT_IDENTITY})

Needs tar and zip (Debian: apt-get install zip), and ssh-keygen to sign
(Debian: apt-get install openssh-client).
Exit status: 0 done, 1 a step failed, 2 bad arguments.`;

/**
 * The README of the bundle, in both languages, for a release: deploy/offline-bundle-README.md,
 * kept as Markdown so that writers edit it where lint and the spelling check read it. The first
 * lines of its Verify sections say whether the bundle is signed, and with which key.
 * @param {string} version
 * @param {{identity: string, fingerprint: string} | null} [signer]
 */
export function bundleReadme(version, signer = null) {
  const status = signer
    ? {
        en: `This bundle is signed by \`${signer.identity}\` with the key whose fingerprint is \`${signer.fingerprint}\`.`,
        it: `Questo pacchetto è firmato da \`${signer.identity}\` con la chiave la cui impronta è \`${signer.fingerprint}\`.`,
      }
    : {
        en: 'This bundle is **unsigned**: it has no `SHA256SUMS.sig`, so skip step 1. The checksums prove that the files arrived intact, not who made them.',
        it: 'Questo pacchetto **non è firmato**: non contiene `SHA256SUMS.sig`, quindi il passo 1 non si applica. I checksum provano che i file sono arrivati integri, non chi li ha prodotti.',
      };
  return readFileSync(path.join(ROOT, 'deploy', 'offline-bundle-README.md'), 'utf8')
    .replaceAll('{{version}}', version)
    .replaceAll('{{identity}}', signer?.identity ?? DEFAULT_IDENTITY)
    .replaceAll('{{signature_en}}', status.en)
    .replaceAll('{{signature_it}}', status.it);
}

/**
 * The public half of an OpenSSH private key (KEY.pub when it sits next to the key, else derived
 * with ssh-keygen -y) and its SHA-256 fingerprint as ssh-keygen -l prints it.
 * @param {string} key
 */
export function signingKey(key) {
  if (!existsSync(key)) throw new Error(`SEERBOX_SIGNING_KEY: ${key} does not exist`);
  const publicKey = existsSync(`${key}.pub`)
    ? readFileSync(`${key}.pub`, 'utf8').trim()
    : run('ssh-keygen', ['-y', '-f', key], ROOT).trim();
  const listed = run('ssh-keygen', ['-l', '-E', 'sha256', '-f', '-'], ROOT, `${publicKey}\n`);
  const fingerprint = listed.split(' ')[1];
  if (!fingerprint?.startsWith('SHA256:')) throw new Error(`ssh-keygen -l printed no fingerprint: ${listed}`);
  return {publicKey, fingerprint};
}

/** The bill of materials' name in the bundle (CycloneDX's recommended .cdx.json ending). */
export const SBOM_FILE = 'sbom.cdx.json';

/**
 * Writes the CycloneDX JSON SBOM of the production dependencies (package.json's "dependencies",
 * whence every script, style and Swagger UI file the site sends to browsers) to `file`, from
 * package-lock.json alone: no network, and the same lock file gives the same bytes
 * (--output-reproducible leaves out the time stamp and random serial number).
 * @param {string} file
 */
export function writeSbom(file) {
  const tool = path.join(ROOT, 'node_modules', '.bin', 'cyclonedx-npm');
  if (!existsSync(tool)) throw new Error(`${tool} is missing: run npm ci`);
  run(
    tool,
    [
      ...['--omit', 'dev', '--package-lock-only', '--flatten-components', '--output-reproducible'],
      ...['--mc-type', 'application', '--output-format', 'JSON', '--output-file', file],
    ],
    ROOT,
  );
}

/**
 * Every file under `dir`, relative, with "/" separators, sorted.
 * @param {string} dir
 */
export function filesUnder(dir) {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/**
 * SHA256SUMS in the format `sha256sum -c` reads: "HASH  PATH" per line.
 * @param {string} dir
 * @param {string[]} files
 */
export function sha256sums(dir, files) {
  return files
    .map(
      (file) =>
        `${createHash('sha256')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex')}  ${file}\n`,
    )
    .join('');
}

/** The Debian package of each command, for the message when one is missing. */
const PACKAGES = /** @type {Record<string, string>} */ ({'ssh-keygen': 'openssh-client'});

/**
 * Runs a command and returns its standard output; throws with its error output when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {string} [input]
 * @param {NodeJS.ProcessEnv} [env] added to the environment
 */
function run(command, args, cwd, input, env = {}) {
  const result = spawnSync(command, args, {cwd, encoding: 'utf8', input, stdio: 'pipe', env: {...process.env, ...env}});
  if (result.error)
    throw new Error(`${command} not found: install it (Debian: apt-get install ${PACKAGES[command] ?? command})`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * Packs `parent/name` into a .tar.gz and a .zip that depend on the files' content and names only:
 * entries sorted by name, owner 0, modes 644/755, every time set to `date`, no name or time in
 * the gzip header (Node's zlib writes neither), zip times in UTC (zip stores local time).
 * @param {string} parent
 * @param {string} name
 * @param {{tarball: string, zip: string, date: Date}} target
 */
export function packReproducibly(parent, name, {tarball, zip, date}) {
  const entries = [
    name,
    ...readdirSync(path.join(parent, name), {recursive: true, encoding: 'utf8'}).map((entry) => path.join(name, entry)),
  ].sort();
  for (const entry of entries) {
    const full = path.join(parent, entry);
    chmodSync(full, statSync(full).isDirectory() ? 0o755 : 0o644);
    utimesSync(full, date, date);
  }
  const epoch = String(Math.floor(date.getTime() / 1000));
  const tar = path.join(parent, `${name}.tar`);
  run(
    'tar',
    [
      ...['--sort=name', '--format=gnu', `--mtime=@${epoch}`, '--owner=0', '--group=0', '--numeric-owner'],
      ...['-cf', tar, name],
    ],
    parent,
  );
  writeFileSync(tarball, gzipSync(readFileSync(tar), {level: 9}));
  // The file list on standard input, sorted: zip -r would follow the folder's own order.
  const files = entries.filter((entry) => statSync(path.join(parent, entry)).isFile());
  run('zip', ['-q', '-X', '-D', zip, '-@'], parent, `${files.join('\n')}\n`, {TZ: 'UTC'});
}

/**
 * Builds both archives and returns their paths and the signer's fingerprint (null: unsigned). The bundle folder is staged in the system's
 * temporary folder and removed afterwards, so nothing but the archives lands in OUT (a folder
 * left in dist/ would be read by every linter and by the next bundle).
 * @param {{dir: string, out: string, key?: string, identity?: string}} options key: an OpenSSH
 *   private key that signs SHA256SUMS; identity: the signer's name in allowed_signers
 */
export function bundle({dir, out, key, identity = DEFAULT_IDENTITY}) {
  const version = release();
  const signer = key ? {identity, ...signingKey(path.resolve(key))} : null;
  const required = [
    'index.html',
    'llms.txt',
    ...LOCALES.map((locale) => `${localeFolder(locale)}llms-full.txt`),
    path.relative(dir, cspHashesFile(dir)),
    ...LOCALES.map((locale) => path.relative(dir, pdfPath(dir, locale, version))),
  ];
  for (const file of required) {
    if (!existsSync(path.join(dir, file))) {
      // The build skips the manuals where no Chromium is installed (scripts/pdf.mjs --if-chromium).
      const how = file.endsWith('.pdf') ? 'npm run pdf (it needs Chromium)' : 'npm run build';
      throw new Error(`${path.join(dir, file)} is missing: run ${how} first`);
    }
  }
  const name = `seer-box-docs-${version}`;
  const tarball = path.join(out, `${name}.tar.gz`);
  const zip = path.join(out, `${name}.zip`);
  rmSync(tarball, {force: true});
  rmSync(zip, {force: true});
  const parent = mkdtempSync(path.join(tmpdir(), 'seerbox-bundle-'));
  try {
    const stage = path.join(parent, name);
    mkdirSync(stage);
    // The build's notes for later steps (.seerbox/) stay out; its CSP include joins the nginx folder.
    cpSync(dir, path.join(stage, 'site'), {
      recursive: true,
      filter: (source) => path.basename(source) !== BUILD_META_DIR,
    });
    cpSync(path.join(ROOT, 'deploy', 'nginx'), path.join(stage, 'nginx'), {recursive: true});
    cpSync(cspHashesFile(dir), path.join(stage, 'nginx', 'generated', 'csp-hashes.conf'));
    writeFileSync(path.join(stage, 'README.md'), bundleReadme(version, signer));
    writeSbom(path.join(stage, SBOM_FILE));
    if (signer) {
      writeFileSync(path.join(stage, 'signing-key.pub'), `${signer.publicKey}\n`);
      writeFileSync(path.join(stage, 'allowed_signers'), `${identity} ${signer.publicKey}\n`);
    }
    writeFileSync(path.join(stage, 'SHA256SUMS'), sha256sums(stage, filesUnder(stage)));
    if (key) {
      run('ssh-keygen', ['-q', '-Y', 'sign', '-f', path.resolve(key), '-n', NAMESPACE, 'SHA256SUMS'], stage);
      // The reader's own command, once here: a key and allowed_signers that disagree stop the release.
      const args = ['-Y', 'verify', '-f', 'allowed_signers', '-I', identity, '-n', NAMESPACE, '-s', 'SHA256SUMS.sig'];
      run('ssh-keygen', args, stage, readFileSync(path.join(stage, 'SHA256SUMS'), 'utf8'));
    }
    packReproducibly(parent, name, {tarball, zip, date: sourceDate()});
  } finally {
    rmSync(parent, {recursive: true, force: true});
  }
  return {tarball, zip, fingerprint: signer?.fingerprint ?? null};
}

runCli(
  import.meta.url,
  {
    name: 'bundle',
    usage: USAGE,
    options: {dir: {type: 'string', default: 'build'}, out: {type: 'string', default: 'dist'}},
  },
  (values) => {
    const out = path.resolve(values.out);
    mkdirSync(out, {recursive: true});
    const key = process.env.SEERBOX_SIGNING_KEY || undefined;
    const identity = process.env.SEERBOX_SIGNING_IDENTITY || DEFAULT_IDENTITY;
    const result = bundle({dir: path.resolve(values.dir), out, key, identity});
    for (const file of [result.tarball, result.zip]) {
      console.log(
        `bundle: ${path.relative(process.cwd(), file)} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`,
      );
    }
    if (result.fingerprint) console.log(`bundle: SHA256SUMS signed by ${identity}, key ${result.fingerprint}`);
    else
      console.warn(
        'bundle: UNSIGNED: SEERBOX_SIGNING_KEY is not set, so the bundle has no SHA256SUMS.sig ' +
          '(set it to an OpenSSH private key to sign SHA256SUMS).',
      );
  },
);
