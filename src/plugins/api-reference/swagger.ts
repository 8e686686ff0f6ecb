import {copyFileSync, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** The stand-alone Swagger UI page, as copied from static/ into each locale's build. */
export const SWAGGER_PAGE = path.join('swagger', 'index.html');

/** The oldest Swagger UI release we accept (security fixes). */
export const MINIMUM_VERSION = '5.32.7';

/** What the page needs from swagger-ui-dist (and the licence that goes with it): nothing else is published. */
export const VENDOR_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'] as const;

/** Compares dotted versions: negative, zero or positive like a sort comparator. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
}

/** One file the Swagger page loads: where it comes from, and its path below the site's root. */
export type SwaggerFile = {from: string; to: string};

/**
 * The files the Swagger page loads that are not committed under static/swagger/: Swagger UI's
 * from the installed swagger-ui-dist (its version lives only in package.json) and the API
 * definition. Throws with a clear message on a missing or too old library or a missing definition.
 */
export function swaggerFiles(siteDir: string, specPath: string): {version: string; files: SwaggerFile[]} {
  const dist = path.join(siteDir, 'node_modules', 'swagger-ui-dist');
  const manifest = path.join(dist, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(`swagger-ui-dist is not installed under ${path.join(siteDir, 'node_modules')}: run npm ci first`);
  }
  const {version} = JSON.parse(readFileSync(manifest, 'utf8')) as {version: string};
  if (compareVersions(version, MINIMUM_VERSION) < 0) {
    throw new Error(`swagger-ui-dist ${version} is older than ${MINIMUM_VERSION}: update it in package.json`);
  }
  const spec = path.resolve(siteDir, specPath);
  if (!existsSync(spec)) throw new Error(`The API definition ${spec} does not exist`);
  const files: SwaggerFile[] = VENDOR_FILES.map((file) => {
    const from = path.join(dist, file);
    if (!existsSync(from)) throw new Error(`swagger-ui-dist ${version} has no ${file}`);
    return {from, to: path.join('swagger', 'vendor', file)};
  });
  files.push({from: spec, to: path.join('swagger', 'openapi.yaml')});
  return {version, files};
}

/** Copies the files into `targetDir` (emptied first, so nothing stale is served); returns the written paths. */
export function copySwaggerFiles(files: SwaggerFile[], targetDir: string): string[] {
  rmSync(targetDir, {recursive: true, force: true});
  return files.map(({from, to}) => {
    const target = path.join(targetDir, to);
    mkdirSync(path.dirname(target), {recursive: true});
    copyFileSync(from, target);
    return target;
  });
}

/**
 * Gives the Swagger page a `<base href>` at the site's base URL, so its relative URLs
 * (vendor/…, swagger-initializer.js, openapi.yaml, ../img/…) resolve to the same files whether
 * the page is reached as /swagger/index.html, /swagger/, /swagger or /swagger/index: hosts that
 * drop `.html` or a trailing slash (`docusaurus serve`, many static hosts) would otherwise load
 * them one folder too high.
 */
export function withBaseHref(html: string, baseUrl: string): string {
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/'))
    throw new Error(`Swagger page: base URL must start and end with "/", got "${baseUrl}"`);
  if (/<base\s/i.test(html)) throw new Error('Swagger page: it already has a <base> element');
  const head = /<head>\s*/i.exec(html);
  if (!head) throw new Error('Swagger page: no <head> found');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}<base href="${baseUrl}swagger/" />\n    ${html.slice(at)}`;
}

/** Rewrites `<outDir>/swagger/index.html` with its `<base href>`. */
export async function addBaseHref(outDir: string, baseUrl: string): Promise<void> {
  const file = path.join(outDir, SWAGGER_PAGE);
  await writeFile(file, withBaseHref(await readFile(file, 'utf8'), baseUrl));
}
