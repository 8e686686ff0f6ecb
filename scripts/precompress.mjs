#!/usr/bin/env node
// Writes gzip (.gz) and brotli (.br) copies of the built site's text files next
// to them, for nginx's gzip_static and brotli_static: compressed once at the
// highest levels, never at request time. Runs after `npm run build` (postbuild).
import {createHash} from 'node:crypto';
import {existsSync, statSync} from 'node:fs';
import {readFile, rm, stat, utimes, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import {Readable} from 'node:stream';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';
import {runCli, wholeNumber} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const USAGE = `Usage: node scripts/precompress.mjs [--dir DIR] [--min-size BYTES] [--no-brotli]

Compresses every HTML, JavaScript, CSS, JSON, SVG, YAML, XML and text file
under DIR to FILE.gz (gzip level 9) and FILE.br (brotli quality 11), with the
original's modification time. A copy is kept only when it is smaller than the
original; files under the minimum size are left alone, and stale copies of
them removed. Run it again after every build.
  --dir DIR         built site (default: build)
  --min-size BYTES  smallest file worth compressing (default: 1024)
  --no-brotli       write .gz only (and remove .br copies)
  --help            show this help

Exit status: 0 done, 1 nothing to compress (missing folder), 2 bad arguments.`;

/** Extensions of the files worth compressing (images other than SVG and fonts already are). */
export const COMPRESSIBLE = /\.(?:html?|js|mjs|css|json|map|webmanifest|svg|ya?ml|xml|txt|md)$/i;

/**
 * The gzip and brotli copies of `data` (brotli null when not asked for).
 * @param {Buffer} data
 * @param {boolean} brotli
 */
async function compress(data, brotli) {
  const [gz, br] = await Promise.all([
    gzipAsync(data, {level: constants.Z_BEST_COMPRESSION}),
    brotli
      ? brotliAsync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        })
      : null,
  ]);
  return {gz, br};
}

/**
 * Compresses one file. Returns {size, gzip, brotli}: the original size and
 * the sizes of the copies written (null when none was worth keeping).
 * `cache` holds the copies of the contents already compressed in this run, by SHA-256: both
 * languages carry the same hashed scripts and Swagger UI files, compressed once.
 * @param {string} file
 * @param {{minSize?: number, brotli?: boolean, cache?: Map<string, ReturnType<typeof compress>>}} [options]
 */
export async function compressFile(file, {minSize = 1024, brotli = true, cache = new Map()} = {}) {
  const info = await stat(file);
  /** @type {{gz: Buffer | null, br: Buffer | null}} */
  let copies = {gz: null, br: null};
  if (info.size >= minSize) {
    const data = await readFile(file);
    const key = `${brotli}:${createHash('sha256').update(data).digest('hex')}`;
    let pending = cache.get(key);
    if (!pending) cache.set(key, (pending = compress(data, brotli)));
    copies = await pending;
  }
  /** @type {{size: number, gzip: number | null, brotli: number | null}} */
  const result = {size: info.size, gzip: null, brotli: null};
  for (const [suffix, copy, field] of /** @type {const} */ ([
    ['.gz', copies.gz, 'gzip'],
    ['.br', copies.br, 'brotli'],
  ])) {
    if (!copy || copy.length >= info.size) {
      await rm(file + suffix, {force: true});
      continue;
    }
    await writeFile(file + suffix, copy);
    // Same Last-Modified whichever copy nginx sends.
    await utimes(file + suffix, info.atime, info.mtime);
    result[field] = copy.length;
  }
  return result;
}

/**
 * Compresses every eligible file under `dir` and removes copies whose original
 * is gone. Returns totals: {files, compressed, size, gzip, brotli, removed},
 * where gzip and brotli add up the copies written (or the original when a file got none).
 * @param {string} dir
 */
export async function precompress(dir, {minSize = 1024, brotli = true} = {}) {
  const files = listFiles(dir, COMPRESSIBLE).sort();
  const cache = new Map();
  const results = await Readable.from(files)
    .map((file) => compressFile(file, {minSize, brotli, cache}), {concurrency: Math.max(2, availableParallelism())})
    .toArray();
  let removed = 0;
  for (const copy of listFiles(dir, /\.(?:gz|br)$/)) {
    const original = copy.replace(/\.(?:gz|br)$/, '');
    if (!existsSync(original) || (!brotli && copy.endsWith('.br'))) {
      await rm(copy, {force: true});
      removed += 1;
    }
  }
  const totals = {files: files.length, compressed: 0, size: 0, gzip: 0, brotli: 0, removed};
  for (const result of results) {
    totals.size += result.size;
    totals.gzip += result.gzip ?? result.size;
    totals.brotli += result.brotli ?? result.gzip ?? result.size;
    if (result.gzip !== null || result.brotli !== null) totals.compressed += 1;
  }
  return totals;
}

const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

runCli(
  import.meta.url,
  {
    name: 'precompress',
    usage: USAGE,
    options: {dir: {type: 'string', default: 'build'}, 'min-size': {type: 'string'}, 'no-brotli': {type: 'boolean'}},
  },
  async (values) => {
    const options = {
      dir: values.dir,
      minSize: wholeNumber('min-size', values['min-size'], 1024),
      brotli: !values['no-brotli'],
    };
    if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
      throw new Error(`"${options.dir}" is not a folder; run "npm run build" first`);
    }
    const started = Date.now();
    const totals = await precompress(options.dir, options);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `precompress: ${totals.compressed} of ${totals.files} text files compressed in ${seconds} s: ` +
        `${megabytes(totals.size)} -> gzip ${megabytes(totals.gzip)}` +
        (options.brotli ? `, brotli ${megabytes(totals.brotli)}` : '') +
        (totals.removed ? ` (${totals.removed} stale copies removed)` : ''),
    );
  },
);
