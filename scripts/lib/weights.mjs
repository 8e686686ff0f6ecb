import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import * as cheerio from 'cheerio';
import {listFiles} from './files.mjs';

/**
 * Byte weights of a built site, all deterministic: raw size on disk and
 * gzip size at level 9 (what a server precompressing the build sends).
 */

/** @typedef {{raw: number, gzip: number}} Weight */

/** @type {Map<string, Weight>} */
const gzipCache = new Map();

/**
 * Raw and gzip size of one file.
 * @param {string} file
 * @returns {Weight}
 */
export function fileWeight(file) {
  let weight = gzipCache.get(file);
  if (!weight) {
    const content = readFileSync(file);
    gzipCache.set(file, (weight = {raw: content.length, gzip: gzipSync(content, {level: 9}).length}));
  }
  return weight;
}

/**
 * Sum of the weights of several files (each counted once).
 * @param {string[]} files
 */
export function sumWeights(files) {
  const weights = [...new Set(files)].map(fileWeight);
  const sum = (/** @type {keyof Weight} */ key) => weights.reduce((total, weight) => total + weight[key], 0);
  return {raw: sum('raw'), gzip: sum('gzip'), files: weights.length};
}

/**
 * The scripts and stylesheets an HTML page names itself: `<script src>`, the
 * app loader's `data-app` list (src/plugins/bundle-diet/ssrTemplate.ts),
 * `<link rel=stylesheet>` and `<link rel=preload|modulepreload>` of scripts
 * and styles, each once in document order.
 * @param {string} html
 */
export function htmlAssets(html) {
  const $ = cheerio.load(html);
  /** @param {string} selector */
  const urls = (selector) => [
    ...new Set(
      $(selector)
        .toArray()
        // Every selector below requires the src or href it reads.
        .map((element) => /** @type {string} */ ($(element).attr('src') ?? $(element).attr('href'))),
    ),
  ];
  const loaded = $('script[data-app]')
    .toArray()
    .flatMap((loader) => ($(loader).attr('data-app') ?? '').split(' ').filter(Boolean));
  return {
    scripts: [
      ...new Set([
        ...urls('script[src], link[rel~="modulepreload"][href], link[rel~="preload"][as="script"][href]'),
        ...loaded,
      ]),
    ],
    styles: urls('link[rel~="stylesheet"][href], link[rel~="preload"][as="style"][href]'),
  };
}

/**
 * The file in `buildDir` that a same-site URL path points at, or null for
 * another host or a path outside `baseUrl`.
 * @param {string} buildDir
 * @param {string} url
 */
export function fileForUrl(buildDir, url, baseUrl = '/') {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  const pathname = decodeURIComponent(url.split(/[?#]/)[0]);
  if (!pathname.startsWith(baseUrl)) return null;
  return path.join(buildDir, pathname.slice(baseUrl.length));
}

/**
 * Every HTML file of a build, as paths relative to it (`main/architecture/index.html`).
 * @param {string} buildDir
 */
export function htmlFiles(buildDir) {
  return listFiles(buildDir, /\.html$/)
    .map((file) => path.relative(buildDir, file).split(path.sep).join('/'))
    .sort();
}

/**
 * Total size of every file under a folder.
 * @param {string} dir
 */
export function folderSize(dir) {
  return listFiles(dir, /./).reduce((total, file) => total + statSync(file).size, 0);
}

/**
 * Kilobytes with one decimal, for messages (1 KB = 1024 bytes).
 * @param {number} bytes
 */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
