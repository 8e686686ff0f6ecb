#!/usr/bin/env node
// The offline bundle: the built site (both languages, the PDF manuals, the Markdown
// twins and llms files), the nginx configuration, a README in English and Italian
// and SHA256SUMS, packed as dist/seer-box-docs-RELEASE.tar.gz and .zip.
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
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
  SHA256SUMS   the SHA-256 of every other file (sha256sum -c SHA256SUMS)
  --dir DIR    the built site (default: build)
  --out DIR    where the archives go (default: dist)
  --help       show this help

Needs tar and zip (Debian: apt-get install zip).
Exit status: 0 done, 1 a step failed, 2 bad arguments.`;

/**
 * The README of the bundle, in both languages.
 * @param {string} version
 */
export function bundleReadme(version) {
  return `# Seer Box documentation ${version}: offline bundle

The Seer Box user guide and REST API reference, English and Italian, as a static site that makes
no request to any other host.

| Path | Content |
| --- | --- |
| \`site/\` | the site (English at the root, Italian under \`it/\`) |
| \`site/downloads/\` | the PDF manuals, one per language |
| \`site/llms.txt\`, \`site/llms-full.txt\` | the page index and all pages as Markdown (Italian: under \`site/it/\`) |
| \`nginx/\` | the nginx configuration the site is tested with |
| \`SHA256SUMS\` | the SHA-256 checksum of every other file |

## Verify

From this folder: \`sha256sum -c SHA256SUMS\`. Every line must end with \`OK\`.

## Serve

- With nginx: render the templates of \`nginx/templates/\` with envsubst and \`SEERBOX_ROOT\` set to
  the absolute path of \`site/\`, as the comments at the top of
  \`nginx/templates/conf.d/seerbox-docs.conf.template\` explain.
- For a quick look, from a copy of the documentation's source repository (Node.js 20), after
  \`npm ci\`: \`node scripts/serve.mjs --dir /path/to/this/folder/site --port 3000\`, then open
  http://127.0.0.1:3000/.

---

# Documentazione di Seer Box ${version}: pacchetto offline

La guida utente e il riferimento delle REST API di Seer Box, in inglese e in italiano, come sito
statico che non effettua richieste verso altri host.

| Percorso | Contenuto |
| --- | --- |
| \`site/\` | il sito (inglese alla radice, italiano sotto \`it/\`) |
| \`site/downloads/\` | i manuali PDF, uno per lingua |
| \`site/it/llms.txt\`, \`site/it/llms-full.txt\` | l'indice delle pagine e tutte le pagine in Markdown (inglese: sotto \`site/\`) |
| \`nginx/\` | la configurazione nginx con cui il sito viene verificato |
| \`SHA256SUMS\` | il checksum SHA-256 di ogni altro file |

## Verifica

Da questa cartella: \`sha256sum -c SHA256SUMS\`. Ogni riga deve terminare con \`OK\`.

## Pubblicazione

- Con nginx: generare la configurazione dai modelli di \`nginx/templates/\` con envsubst, impostando
  \`SEERBOX_ROOT\` sul percorso assoluto di \`site/\`, come spiegano i commenti all'inizio di
  \`nginx/templates/conf.d/seerbox-docs.conf.template\`.
- Per una consultazione rapida, da una copia del repository sorgente della documentazione
  (Node.js 20), dopo \`npm ci\`: \`node scripts/serve.mjs --dir /percorso/di/questa/cartella/site --port 3000\`, poi
  aprire http://127.0.0.1:3000/it/.
`;
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
 * Builds the bundle folder and both archives; returns their paths.
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
  const stage = path.join(out, name);
  rmSync(stage, {recursive: true, force: true});
  mkdirSync(stage, {recursive: true});
  cpSync(dir, path.join(stage, 'site'), {recursive: true});
  cpSync(path.join(ROOT, 'deploy', 'nginx'), path.join(stage, 'nginx'), {recursive: true});
  writeFileSync(path.join(stage, 'README.md'), bundleReadme(version));
  writeFileSync(path.join(stage, 'SHA256SUMS'), sha256sums(stage, filesUnder(stage)));
  const tarball = path.join(out, `${name}.tar.gz`);
  const zip = path.join(out, `${name}.zip`);
  rmSync(tarball, {force: true});
  rmSync(zip, {force: true});
  run('tar', ['-czf', tarball, name], out);
  run('zip', ['-q', '-r', '-X', zip, name], out);
  return {stage, tarball, zip};
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
