#!/usr/bin/env node
// Serves the built site the way a production server should: bare paths,
// `.html` and `/index.html` redirected to them, real 404s in the right language.
// Used by the browser tests; no dependencies beyond Node itself.
import {createServer} from 'node:http';
import {createReadStream} from 'node:fs';
import {createGzip} from 'node:zlib';
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {bareHtmlPath} from '../src/utils/htmlPath.mjs';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';

const USAGE = `Usage: node scripts/serve.mjs [--dir DIR] [--port PORT] [--host HOST] [--base-url PATH]

Serves a built Docusaurus site (default: ./build) on http://HOST:PORT.
  --dir DIR         build folder to serve (default: build)
  --port PORT       TCP port, 1-65535 (default: 3000)
  --host HOST       interface to listen on (default: 127.0.0.1)
  --base-url PATH   path the site was built for, e.g. /docs/ (default: $BASE_URL, the
                    variable the build reads, or /)
  --compress        gzip text responses for clients that accept it, as a
                    production server would (used by npm run lighthouse)
  --help            show this help

Requests for PATH.html or PATH/index.html are redirected (301) to PATH.
Unknown paths answer 404 with the not-found page of their locale
(/it/... gets /it/404.html).`;

export const LOCALES = ['it'];
/** Stand-alone HTML pages (not Docusaurus routes) that keep their file names. */
export const STATIC_HTML_PREFIXES = ['/swagger/'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Starts `server` on a free loopback port, for scripts that read the site themselves (bench,
 * lighthouse, pdf); resolves to its origin, http://127.0.0.1:PORT.
 * @param {import('node:http').Server} server
 */
export async function listenLocally(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

const command = {
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
};
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
/** The options of a command line (a UsageError on bad input). */
export const parseArgs = (argv) => toOptions(parseCommandLine(argv, command).values);

/**
 * Decides what to do with a request path, relative to the base URL.
 * Returns {redirect}, or {candidates, notFound} (files to try in order, and the 404 page).
 */
export function route(pathname) {
  const isStaticHtml = STATIC_HTML_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  if (isStaticHtml) {
    // `/swagger/index` (a host that dropped `.html`) is the page too.
    const candidates = pathname.endsWith('/')
      ? [`${pathname}index.html`]
      : [pathname, ...(path.extname(pathname) ? [] : [`${pathname}.html`])];
    return {candidates, notFound: '/404.html'};
  }
  const bare = /\/404\.html$/.test(pathname) ? null : bareHtmlPath(pathname);
  if (bare !== null) return {redirect: bare};
  const locale = LOCALES.find((l) => pathname === `/${l}` || pathname.startsWith(`/${l}/`));
  const notFound = locale ? `/${locale}/404.html` : '/404.html';
  const trimmed = pathname.replace(/\/+$/, '');
  const candidates = pathname.endsWith('/')
    ? [`${pathname}index.html`]
    : [pathname, `${trimmed}/index.html`, `${trimmed}.html`];
  return {candidates, notFound};
}

async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Types worth compressing: text formats (images and fonts are compressed already). */
export function isCompressible(type) {
  return /^(text\/|application\/(json|javascript|xml|yaml)|image\/svg\+xml)/.test(type);
}

function send(res, status, file, req, compress) {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = {'Content-Type': type, 'Cache-Control': 'no-cache'};
  const gzip = compress && isCompressible(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (compress && isCompressible(type)) headers.Vary = 'Accept-Encoding';
  if (gzip) headers['Content-Encoding'] = 'gzip';
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  const stream = createReadStream(file);
  if (gzip) stream.pipe(createGzip({level: 6})).pipe(res);
  else stream.pipe(res);
}

/** Creates (does not start) the HTTP server for a build folder. */
export function createSiteServer({dir, baseUrl = '/', compress = false}) {
  const root = path.resolve(dir);
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, {Allow: 'GET, HEAD'}).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400).end('Bad request');
        return;
      }
      if (!pathname.startsWith(baseUrl) && `${pathname}/` !== baseUrl) {
        res.writeHead(302, {Location: baseUrl}).end();
        return;
      }
      const relative = `/${pathname.slice(baseUrl.length)}`.replace(/^\/+/, '/');
      const decision = route(relative);
      if (decision.redirect) {
        const target = baseUrl.replace(/\/$/, '') + decision.redirect;
        res.writeHead(301, {Location: `${target || '/'}${url.search}`}).end();
        return;
      }
      for (const candidate of decision.candidates) {
        const file = path.join(root, candidate);
        if (!file.startsWith(root + path.sep) && file !== root) break;
        if (await isFile(file)) {
          send(res, 200, file, req, compress);
          return;
        }
      }
      const notFound = path.join(root, decision.notFound);
      if (await isFile(notFound)) {
        send(res, 404, notFound, req, compress);
      } else {
        res.writeHead(404, {'Content-Type': 'text/plain'}).end('Not found');
      }
    } catch (error) {
      res.writeHead(500, {'Content-Type': 'text/plain'}).end(String(error));
    }
  });
}

runCli(import.meta.url, command, async (values) => {
  const options = toOptions(values);
  // Every Docusaurus build has a 404.html; the test-only fixtures site has no home page.
  if (!(await isFile(path.join(options.dir, '404.html')))) {
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
