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
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCli} from './lib/cli.mjs';
import {pdfPath, release} from './pdf.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node scripts/bundle.mjs [--dir DIR] [--out DIR]

Packs a production build (npm run build first; npm run bundle does both) into
OUT/seer-box-docs-RELEASE.tar.gz and OUT/seer-box-docs-RELEASE.zip, RELEASE
from package.json. Inside, under seer-box-docs-RELEASE/:
  site/        the built site, with downloads/*.pdf, llms.txt, llms-full.txt and
               every page's .md (English at the root, Italian under it/)
  nginx/       the shipped nginx configuration (deploy/nginx)
  README.md    how to serve and verify the bundle, in English and Italian
               (deploy/offline-bundle-README.md)
  SHA256SUMS   the SHA-256 of every other file (sha256sum -c SHA256SUMS)
  --dir DIR    the built site (default: build)
  --out DIR    where the archives go (default: dist)
  --help       show this help

Needs tar and zip (Debian: apt-get install zip).
Exit status: 0 done, 1 a step failed, 2 bad arguments.`;

/**
 * The README of the bundle, in both languages, for a release: deploy/offline-bundle-README.md,
 * kept as Markdown so that writers edit it where lint and the spelling check read it.
 * @param {string} version
 */
export const bundleReadme = (version) =>
  readFileSync(path.join(ROOT, 'deploy', 'offline-bundle-README.md'), 'utf8').replaceAll('{{version}}', version);

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

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function run(command, args, cwd) {
  const result = spawnSync(command, args, {cwd, encoding: 'utf8'});
  if (result.error) throw new Error(`${command} not found: install it (Debian: apt-get install ${command})`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

/**
 * Builds both archives and returns their paths. The bundle folder is staged in the system's
 * temporary folder and removed afterwards, so nothing but the archives lands in OUT (a folder
 * left in dist/ would be read by every linter and by the next bundle).
 * @param {{dir: string, out: string}} folders
 */
export function bundle({dir, out}) {
  const version = release();
  const required = [
    'index.html',
    'llms.txt',
    'llms-full.txt',
    'it/llms-full.txt',
    ...['en', 'it'].map((locale) => path.relative(dir, pdfPath(dir, locale, version))),
  ];
  for (const file of required) {
    if (!existsSync(path.join(dir, file)))
      throw new Error(`${path.join(dir, file)} is missing: run npm run build first`);
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
    cpSync(dir, path.join(stage, 'site'), {recursive: true});
    cpSync(path.join(ROOT, 'deploy', 'nginx'), path.join(stage, 'nginx'), {recursive: true});
    writeFileSync(path.join(stage, 'README.md'), bundleReadme(version));
    writeFileSync(path.join(stage, 'SHA256SUMS'), sha256sums(stage, filesUnder(stage)));
    run('tar', ['-czf', tarball, name], parent);
    run('zip', ['-q', '-r', '-X', zip, name], parent);
  } finally {
    rmSync(parent, {recursive: true, force: true});
  }
  return {tarball, zip};
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
    const result = bundle({dir: path.resolve(values.dir), out});
    for (const file of [result.tarball, result.zip]) {
      console.log(
        `bundle: ${path.relative(process.cwd(), file)} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`,
      );
    }
  },
);
