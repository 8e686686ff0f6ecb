#!/usr/bin/env node
// Copies Swagger UI's files from node_modules/swagger-ui-dist, and our
// api/openapi.yaml, into static/swagger/ before `start` and `build`
// (both git-ignored: the library's version lives only in package.json).
import {copyFileSync, existsSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCli} from './lib/cli.mjs';

const USAGE = `Usage: node scripts/copy-swagger.mjs [--root <dir>]

Copies swagger-ui-bundle.js, swagger-ui.css and the library's licence from
node_modules/swagger-ui-dist into static/swagger/vendor/, and api/openapi.yaml
to static/swagger/openapi.yaml, where the Swagger UI page loads them.
Runs by itself before npm start and npm run build.
  --root  project folder (default: the folder above this script)`;

/** The oldest Swagger UI release we accept (security fixes). */
export const MINIMUM_VERSION = '5.32.7';

export const VENDOR_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'];

/** Compares dotted versions: negative, zero or positive like a sort comparator. */
export function compareVersions(a, b) {
  const pa = a.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
}

/** Copies the files; returns the list of written paths. Throws with a clear message on any problem. */
export function copySwagger(root) {
  const dist = path.join(root, 'node_modules', 'swagger-ui-dist');
  const manifest = path.join(dist, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(`swagger-ui-dist is not installed under ${path.join(root, 'node_modules')}: run npm ci first`);
  }
  const {version} = JSON.parse(readFileSync(manifest, 'utf8'));
  if (compareVersions(version, MINIMUM_VERSION) < 0) {
    throw new Error(`swagger-ui-dist ${version} is older than ${MINIMUM_VERSION}: update it in package.json`);
  }
  const spec = path.join(root, 'api', 'openapi.yaml');
  if (!existsSync(spec)) throw new Error(`The API definition ${spec} does not exist`);

  const target = path.join(root, 'static', 'swagger');
  const vendor = path.join(target, 'vendor');
  mkdirSync(vendor, {recursive: true});
  const written = [];
  for (const file of VENDOR_FILES) {
    const source = path.join(dist, file);
    if (!existsSync(source)) throw new Error(`swagger-ui-dist ${version} has no ${file}`);
    copyFileSync(source, path.join(vendor, file));
    written.push(path.join(vendor, file));
  }
  copyFileSync(spec, path.join(target, 'openapi.yaml'));
  written.push(path.join(target, 'openapi.yaml'));
  return {version, written};
}

runCli(
  import.meta.url,
  {
    name: 'copy-swagger',
    usage: USAGE,
    options: {root: {type: 'string', default: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')}},
  },
  (values) => {
    const {version, written} = copySwagger(path.resolve(values.root));
    console.log(`copy-swagger: Swagger UI ${version} and the API definition copied (${written.length} files)`);
  },
);
