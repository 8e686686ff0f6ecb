import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {listFiles} from './files.mjs';

/**
 * Byte weights of a built site, all deterministic: raw size on disk and
 * gzip size at level 9 (what a server precompressing the build sends).
 */

const gzipCache = new Map();

/** Raw and gzip size of one file. */
export function fileWeight(file) {
  if (!gzipCache.has(file)) {
    const content = readFileSync(file);
    gzipCache.set(file, {raw: content.length, gzip: gzipSync(content, {level: 9}).length});
  }
  return gzipCache.get(file);
}

/** Sum of the weights of several files (each counted once). */
export function sumWeights(files) {
  const unique = [...new Set(files)];
  return unique.reduce(
    (total, file) => {
      const weight = fileWeight(file);
      return {raw: total.raw + weight.raw, gzip: total.gzip + weight.gzip, files: total.files + 1};
    },
    {raw: 0, gzip: 0, files: 0},
  );
}

/** Attributes of an HTML start tag, quoted or not (minified HTML drops quotes). */
export function parseAttributes(source) {
  const attributes = {};
  for (const match of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/**
 * The scripts and stylesheets an HTML page names itself: `<script src>`,
 * `<link rel=stylesheet>` and `<link rel=preload|modulepreload>` of scripts
 * and styles. Inline scripts are counted apart.
 */
export function htmlAssets(html) {
  const scripts = [];
  const styles = [];
  let inlineScripts = 0;
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const tag = match[1].toLowerCase();
    const attributes = parseAttributes(match[2]);
    if (tag === 'script') {
      if (attributes.src) scripts.push(attributes.src);
      else if (!attributes.type || /javascript|module/.test(attributes.type)) inlineScripts += 1;
      continue;
    }
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (!attributes.href) continue;
    if (rel.includes('stylesheet')) styles.push(attributes.href);
    else if (rel.includes('modulepreload') || (rel.includes('preload') && attributes.as === 'script')) {
      scripts.push(attributes.href);
    } else if (rel.includes('preload') && attributes.as === 'style') styles.push(attributes.href);
  }
  return {scripts: [...new Set(scripts)], styles: [...new Set(styles)], inlineScripts};
}

/**
 * The file in `buildDir` that a same-site URL path points at, or null for
 * another host or a path outside `baseUrl`.
 */
export function fileForUrl(buildDir, url, baseUrl = '/') {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  const pathname = decodeURIComponent(url.split(/[?#]/)[0]);
  if (!pathname.startsWith(baseUrl)) return null;
  return path.join(buildDir, pathname.slice(baseUrl.length));
}

/** Every HTML file of a build, as paths relative to it (`main/architecture/index.html`). */
export function htmlFiles(buildDir) {
  return listFiles(buildDir, /\.html$/)
    .map((file) => path.relative(buildDir, file).split(path.sep).join('/'))
    .sort();
}

/** Total size of every file under a folder. */
export function folderSize(dir) {
  return listFiles(dir, /./).reduce((total, file) => total + statSync(file).size, 0);
}

/** Kilobytes with one decimal, for messages (1 KB = 1024 bytes). */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
