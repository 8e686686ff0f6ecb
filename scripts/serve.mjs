#!/usr/bin/env node
// Serves the built site the way the shipped nginx does: bare paths, `.html` and `/index.html`
// redirected to them, real 404s in the right language, nginx's media types. The files themselves
// (ETags, ranges, the build's precompressed copies) are sirv's job.
import {createServer} from 'node:http';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import sirv from 'sirv';
import {bareHtmlPath} from '../src/utils/htmlPath.mjs';
import {TRANSLATED_LOCALES} from '../src/utils/sitePaths.mjs';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';

const USAGE = `Usage: node scripts/serve.mjs [--dir DIR] [--port PORT] [--host HOST] [--base-url PATH]

Serves a built Docusaurus site (default: ./build) on http://HOST:PORT.
  --dir DIR         build folder to serve (default: build)
  --port PORT       TCP port, 1-65535 (default: 3000)
  --host HOST       interface to listen on (default: 127.0.0.1)
  --base-url PATH   path the site was built for, e.g. /docs/ (default: $BASE_URL, the
                    variable the build reads, or /)
  --compress        send the build's .br and .gz copies (written by npm run build) to
                    clients that accept them, as nginx does (npm run lighthouse uses this)
  --help            show this help

Requests for PATH.html or PATH/index.html are redirected (301) to PATH.
Unknown paths answer 404 with the not-found page of their locale
(/it/... gets /it/404.html).`;

export const LOCALES = TRANSLATED_LOCALES;
/** Stand-alone HTML pages (not Docusaurus routes) that keep their file names. */
export const STATIC_HTML_PREFIXES = ['/swagger/'];

/** Extension -> media type, from the list the shipped nginx serves (deploy/nginx/mime.types). */
export const MEDIA_TYPES = new Map(
  [
    ...readFileSync(fileURLToPath(new URL('../deploy/nginx/mime.types', import.meta.url)), 'utf8').matchAll(
      /^\s*([\w.+-]+\/[\w.+-]+)\s+([^;]+);/gm,
    ),
  ].flatMap(([, type, extensions]) =>
    extensions
      .trim()
      .split(/\s+/)
      .map((extension) => [extension, type]),
  ),
);
/** The types nginx labels UTF-8 (`charset` and `charset_types` in site.conf.template). */
const UTF8 = /^(text\/|application\/(json|yaml|xml)$)/;

/**
 * Starts `server` on a free loopback port, for scripts that read the site themselves (bench,
 * pdf); resolves to its origin, http://127.0.0.1:PORT.
 * @param {import('node:http').Server} server
 */
export async function listenLocally(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

const command = /** @type {const} */ ({
  name: 'serve',
  usage: USAGE,
  options: {
    dir: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3000'},
    host: {type: 'string', default: '127.0.0.1'},
    // The same variable as the build's, so `BASE_URL=/docs/ npm run build && npm run serve` just works.
    'base-url': {type: 'string', default: process.env.BASE_URL ?? '/'},
    compress: {type: 'boolean', default: false},
  },
});
/** @param {{dir: string, port: string, host: string, 'base-url': string, compress: boolean}} values */
function toOptions(values) {
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 1 to 65535, got "${values.port}"`);
  }
  const baseUrl = values['base-url'];
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new UsageError(`--base-url must start and end with "/", got "${baseUrl}"`);
  }
  return {dir: values.dir, port, host: values.host, baseUrl, compress: values.compress};
}
/**
 * The options of a command line (a UsageError on bad input).
 * @param {string[]} argv
 */
export const parseArgs = (argv) => toOptions(parseCommandLine(argv, command).values);

/**
 * Decides what to do with a request path, relative to the base URL: {redirect} to the bare
 * path, or {notFound}, the 404 page to answer with when no file matches. Files are looked up
 * as PATH, PATH.html and PATH/index.html.
 * @param {string} pathname
 * @returns {{redirect: string} | {notFound: string}}
 */
export function route(pathname) {
  const isStaticHtml = STATIC_HTML_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  const bare = isStaticHtml || /\/404\.html$/.test(pathname) ? null : bareHtmlPath(pathname);
  if (bare !== null) return {redirect: bare};
  const locale = LOCALES.find((l) => pathname === `/${l}` || pathname.startsWith(`/${l}/`));
  return {notFound: locale ? `/${locale}/404.html` : '/404.html'};
}

/**
 * Creates (does not start) the HTTP server for a build folder.
 * @param {{dir: string, baseUrl?: string, compress?: boolean}} options
 */
export function createSiteServer({dir, baseUrl = '/', compress = false}) {
  const files = sirv(dir, {
    // Looked up at each request, so a rebuild under a running server is served as it is.
    dev: true,
    etag: true,
    extensions: ['html'],
    gzip: compress,
    brotli: compress,
    setHeaders(res, pathname) {
      // A path without an extension is a page (PATH.html or PATH/index.html).
      const type = MEDIA_TYPES.get(path.extname(pathname).slice(1).toLowerCase() || 'html');
      if (type) res.setHeader('Content-Type', UTF8.test(type) ? `${type}; charset=utf-8` : type);
    },
  });
  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD'}).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(baseUrl) && `${url.pathname}/` !== baseUrl) {
      res.writeHead(302, {Location: baseUrl}).end();
      return;
    }
    const relative = `/${url.pathname.slice(baseUrl.length)}`.replace(/^\/+/, '/');
    let decision;
    try {
      decision = route(decodeURIComponent(relative));
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    if ('redirect' in decision) {
      res.writeHead(301, {Location: `${baseUrl.slice(0, -1)}${decision.redirect}${url.search}`}).end();
      return;
    }
    req.url = relative;
    files(req, res, () => {
      // The not-found page in full, with status 404: sirv sends what it finds with 200.
      req.url = decision.notFound;
      delete req.headers.range;
      delete req.headers['if-none-match'];
      const writeHead = res.writeHead;
      // sirv calls writeHead(status, headers), never with a status message.
      res.writeHead = /** @type {typeof res.writeHead} */ (
        (_status, /** @type {import('node:http').OutgoingHttpHeaders} */ headers) => writeHead.call(res, 404, headers)
      );
      files(req, res, () => {
        res.writeHead(404, {'Content-Type': 'text/plain'}).end('Not found');
      });
    });
  });
}

runCli(import.meta.url, command, async (values) => {
  const options = toOptions(values);
  // Every Docusaurus build has a 404.html; the test-only fixtures site has no home page.
  if (!existsSync(path.join(options.dir, '404.html'))) {
    throw new UsageError(`no built site in "${options.dir}" (missing 404.html); run "npm run build" first`);
  }
  const server = createSiteServer(options);
  server.on('error', (error) => {
    console.error(`serve: cannot listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    console.log(`serve: ${options.dir} at http://${options.host}:${options.port}${options.baseUrl}`);
  });
});
