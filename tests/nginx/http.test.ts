// HTTP checks of the shipped nginx configuration, run by the passes of passes.test.ts
// against a real nginx serving a production build. Reads:
//   NGINX_URL              origin of the server (http://127.0.0.1:4190, or https://... in the HTTPS pass)
//   NGINX_BASE_PATH        base path the build was made for (/ or /docs/)
//   NGINX_BUILD_DIR        the build nginx serves, to compare bodies with the files
//   NGINX_BROTLI           1 when nginx has the brotli static module
//   NGINX_FRAME_ANCESTORS  the frame-ancestors value the configuration was rendered with
//   NGINX_PDF              1 when the build has the PDF manuals (the sub-path build skips printing them)
//   NGINX_ROUTES           all: every route of both languages and every hashed asset (the root pass);
//                          sample: one route of each kind and one asset of each type, for the passes
//                          whose difference (TLS, the bundle's nginx folder, the base path) is not per route
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import {request as httpsRequest} from 'node:https';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import routeTable from '../fixtures/routes.json' with {type: 'json'};
import {required} from './env';

const origin = required('NGINX_URL');
const basePath = required('NGINX_BASE_PATH');
const buildDir = required('NGINX_BUILD_DIR');
const brotli = required('NGINX_BROTLI') === '1';
const frameAncestors = required('NGINX_FRAME_ANCESTORS');
const withPdf = required('NGINX_PDF') === '1';
const everyRoute = required('NGINX_ROUTES') === 'all';

const italian = routeTable.locales.italianPrefix;
/** The home page and the first route of each kind (page, doc, category): each is served by its own rule. */
const sampleOf = <T extends {path: string; kind: string}>(routes: T[]) =>
  routes.filter((route, index) => route.path === '/' || routes.findIndex((r) => r.kind === route.kind) === index);
const siteRoutes = (everyRoute ? routeTable.routes : sampleOf(routeTable.routes))
  .filter((route) => route.kind !== 'static')
  .map((route) => route.path);
const staticRoutes = routeTable.routes.filter((route) => route.kind === 'static').map((route) => route.path);
const localised = (route: string, locale: 'en' | 'it') =>
  locale === 'en' ? route : route === '/' ? `${italian}/` : `${italian}${route}`;
/** A site path (`/main/x`) as served under the base path (`/docs/main/x`). */
const url = (sitePath: string) => `${basePath}${sitePath.replace(/^\//, '')}`;

type Response = {status: number; headers: Record<string, string | string[] | undefined>; body: Buffer};

/** A raw HTTP request (no automatic decompression or redirects, exact headers). */
function get(
  target: string,
  {method = 'GET', headers = {}}: {method?: string; headers?: Record<string, string>} = {},
): Promise<Response> {
  // HTTPS trusts the throw-away certificate through NODE_EXTRA_CA_CERTS (set by passes.test.ts).
  const request = origin.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${target}`, {method, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (response: Response, name: string) => {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The decoded body, whatever the Content-Encoding. */
function decoded(response: Response): Buffer {
  const encoding = header(response, 'content-encoding');
  if (encoding === 'gzip') return gunzipSync(response.body);
  if (encoding === 'br') return brotliDecompressSync(response.body);
  assert.equal(encoding, undefined, `unexpected Content-Encoding ${encoding}`);
  return response.body;
}

/** The file nginx should send for a site path. */
function fileFor(sitePath: string): string {
  if (sitePath.endsWith('.html')) return path.join(buildDir, sitePath);
  return path.join(buildDir, sitePath, 'index.html');
}

/** SHA-256 CSP sources of a page's executable inline scripts (a deliberately simple, separate reading of the HTML). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(match[1]) || /application\/ld\+json/i.test(match[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]).digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const allHashes = [
  ...new Set(htmlFiles(buildDir).flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8')))),
].sort();

/** The policy the configuration must send, word for word. */
const expectedCsp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${allHashes.join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors ${frameAncestors}`,
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': expectedCsp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-resource-policy': 'same-origin',
};

function assertSecurityHeaders(response: Response, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(header(response, name), value, `${what}: ${name}`);
  }
  assert.equal(header(response, 'server'), 'nginx', `${what}: Server without a version`);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('the build has inline scripts to hash, and the policy has no loophole', () => {
  assert.ok(allHashes.length >= 2, `inline script hashes found: ${allHashes.length}`);
  assert.doesNotMatch(expectedCsp, /(?<!wasm-)unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  // No other host anywhere, except the configured frame ancestors.
  assert.doesNotMatch(expectedCsp.replace(`frame-ancestors ${frameAncestors}`, ''), /https?:|\/\//);
});

for (const locale of ['en', 'it'] as const) {
  test(`${everyRoute ? 'every route' : 'a route of each kind'} in ${locale}: 200, compressed, revalidated, with the security headers`, async (t) => {
    for (const route of siteRoutes) {
      const sitePath = localised(route, locale);
      await t.test(sitePath, async () => {
        const file = readFileSync(fileFor(sitePath));
        const gz = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip'}});
        assert.equal(gz.status, 200);
        assert.equal(header(gz, 'content-type'), 'text/html; charset=utf-8');
        assert.equal(header(gz, 'content-encoding'), 'gzip');
        assert.equal(header(gz, 'vary'), 'Accept-Encoding');
        assert.equal(header(gz, 'cache-control'), 'no-cache');
        assert.ok(header(gz, 'etag') && header(gz, 'last-modified'), 'validators for revalidation');
        assertSecurityHeaders(gz, sitePath);
        const html = decoded(gz);
        assert.ok(html.equals(file), 'the decompressed body is the built file');
        assert.ok(
          gz.body.length < file.length / 2,
          `gzip saves at least half (${gz.body.length} of ${file.length} bytes)`,
        );
        assert.match(html.toString('utf8'), new RegExp(`<html[^>]* lang="?${locale}"?[\\s>]`));
        const csp = header(gz, 'content-security-policy') ?? '';
        for (const hash of inlineScriptHashes(html.toString('utf8')))
          assert.ok(csp.includes(hash), `CSP allows ${hash}`);

        if (brotli) {
          const br = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip, deflate, br'}});
          assert.equal(header(br, 'content-encoding'), 'br');
          assert.equal(header(br, 'vary'), 'Accept-Encoding');
          assert.ok(decoded(br).equals(file), 'the brotli body is the built file');
        }
        const plain = await get(url(sitePath));
        assert.equal(header(plain, 'content-encoding'), undefined, 'no encoding the client did not ask for');
        assert.ok(plain.body.equals(file));
      });
    }
  });
}

test('the Swagger page keeps its file name, with the same headers', async () => {
  assert.ok(staticRoutes.length > 0);
  for (const sitePath of staticRoutes) {
    const response = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip'}});
    assert.equal(response.status, 200, sitePath);
    assert.equal(header(response, 'content-type'), 'text/html; charset=utf-8');
    assert.equal(header(response, 'cache-control'), 'no-cache');
    assertSecurityHeaders(response, sitePath);
    assert.ok(decoded(response).equals(readFileSync(fileFor(sitePath))));
  }
  const folder = await get(url('/swagger'));
  assert.equal(folder.status, 301);
  assert.equal(header(folder, 'location'), url('/swagger/'));
  assert.equal((await get(url('/swagger/'))).status, 200);
});

test('the OpenAPI definition is compressed and revalidated', async () => {
  const response = await get(url('/swagger/openapi.yaml'), {headers: {'Accept-Encoding': 'gzip'}});
  assert.equal(response.status, 200);
  assert.equal(header(response, 'content-type'), 'application/yaml; charset=utf-8');
  assert.equal(header(response, 'content-encoding'), 'gzip');
  assert.equal(header(response, 'cache-control'), 'no-cache');
  assert.ok(decoded(response).equals(readFileSync(path.join(buildDir, 'swagger/openapi.yaml'))));
});

test('.html and /index.html URLs redirect (301) to the bare path, query kept', async (t) => {
  const cases: Array<[string, string]> = [
    ['/index.html', '/'],
    [`${italian}/index.html`, italian],
    ['/main/architecture.html?from=old', '/main/architecture?from=old'],
  ];
  for (const route of siteRoutes.filter((route) => route !== '/')) {
    for (const locale of ['en', 'it'] as const) {
      const sitePath = localised(route, locale).replace(/\/$/, '');
      cases.push([`${sitePath}.html`, sitePath], [`${sitePath}/index.html`, sitePath]);
    }
  }
  for (const [from, to] of cases) {
    await t.test(from, async () => {
      const response = await get(url(from));
      assert.equal(response.status, 301);
      assert.equal(header(response, 'location'), url(to));
      assertSecurityHeaders(response, from);
    });
  }
});

test('unknown paths answer 404 with the not-found page of their language', async () => {
  const probe = routeTable.notFoundProbe;
  const cases: Array<[string, 'en' | 'it']> = [
    [probe, 'en'],
    [`${italian}${probe}`, 'it'],
    ['/404.html', 'en'],
    [`${italian}/404.html`, 'it'],
    ['/404', 'en'],
    ['/assets/', 'en'],
    ['/.git/config', 'en'],
    [`${italian}/swagger/nope.js`, 'it'],
    ['/assets/js/nope.0123abcd.js', 'en'],
  ];
  for (const [sitePath, locale] of cases) {
    const response = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip'}});
    assert.equal(response.status, 404, sitePath);
    assert.equal(header(response, 'content-type'), 'text/html; charset=utf-8', sitePath);
    // A missing hashed file must not be cached for a year.
    assert.equal(header(response, 'cache-control'), 'no-cache', sitePath);
    assertSecurityHeaders(response, sitePath);
    const html = decoded(response);
    assert.ok(
      html.equals(readFileSync(path.join(buildDir, locale === 'it' ? 'it/404.html' : '404.html'))),
      `${sitePath}: ${locale} 404 page`,
    );
    assert.match(html.toString('utf8'), new RegExp(`<html[^>]* lang="?${locale}"?[\\s>]`), sitePath);
  }
  if (basePath !== '/') {
    for (const outside of ['/', '/main/architecture']) {
      assert.equal((await get(outside)).status, 404, `${outside} is outside the base path`);
    }
  }
});

test('content-hashed assets are immutable for a year and compressed', async (t) => {
  const assets: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/[.-][0-9a-f]{8,}\.(?:js|css)$/.test(entry.name)) assets.push(full);
    }
  };
  walk(path.join(buildDir, 'assets'));
  assert.ok(assets.length > 100, `hashed assets found: ${assets.length}`);
  // The sample: the first script and the first style sheet big enough to be served compressed.
  const sample = ['.js', '.css'].map((type) =>
    assets.find((file) => file.endsWith(type) && statSync(file).size >= 1024)!,
  );
  for (const file of everyRoute ? assets : sample) {
    const sitePath = `/${path.relative(buildDir, file).split(path.sep).join('/')}`;
    await t.test(sitePath, async () => {
      const response = await get(url(sitePath), {headers: {'Accept-Encoding': brotli ? 'gzip, br' : 'gzip'}});
      assert.equal(response.status, 200);
      assert.equal(header(response, 'cache-control'), IMMUTABLE);
      assert.equal(
        header(response, 'content-type'),
        file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      );
      assert.equal(header(response, 'x-content-type-options'), 'nosniff');
      if (statSync(file).size >= 1024) {
        assert.equal(header(response, 'content-encoding'), brotli ? 'br' : 'gzip');
        assert.ok(decoded(response).equals(readFileSync(file)));
      }
    });
  }
});

test('files without a content hash are revalidated', async () => {
  for (const sitePath of [
    '/img/logo.svg',
    '/img/favicon.svg',
    '/favicon.ico',
    '/robots.txt',
    '/sitemap.xml',
    '/swagger/swagger-initializer.js',
    '/swagger/vendor/swagger-ui-bundle.js',
  ]) {
    const file = path.join(buildDir, sitePath);
    assert.ok(existsSync(file), `${sitePath} is in the build`);
    const response = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip'}});
    assert.equal(response.status, 200, sitePath);
    assert.equal(header(response, 'cache-control'), 'no-cache', sitePath);
    assert.ok(decoded(response).equals(readFileSync(file)), sitePath);
  }
  const bundle = await get(url('/swagger/vendor/swagger-ui-bundle.js'), {headers: {'Accept-Encoding': 'gzip'}});
  assert.equal(header(bundle, 'content-encoding'), 'gzip');
  assert.equal(header(await get(url('/favicon.ico')), 'content-type'), 'image/x-icon');
});

test('an unchanged page answers 304 to a conditional request', async () => {
  const first = await get(url('/main/architecture'), {headers: {'Accept-Encoding': 'gzip'}});
  const etag = header(first, 'etag');
  assert.ok(etag);
  const again = await get(url('/main/architecture'), {headers: {'Accept-Encoding': 'gzip', 'If-None-Match': etag}});
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
});

test('only GET and HEAD are served', async () => {
  const head = await get(url('/main/architecture'), {method: 'HEAD'});
  assert.equal(head.status, 200);
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
    const response = await get(url('/main/architecture'), {method});
    assert.equal(response.status, 405, method);
    assertSecurityHeaders(response, method);
  }
});

test('security.txt is served as text/plain; charset=utf-8, other dot files are not', async () => {
  const sitePath = '/.well-known/security.txt';
  const response = await get(url(sitePath));
  assert.equal(response.status, 200);
  assert.equal(header(response, 'content-type'), 'text/plain; charset=utf-8');
  assertSecurityHeaders(response, sitePath);
  assert.ok(response.body.equals(readFileSync(path.join(buildDir, sitePath))));
  assert.match(response.body.toString('utf8'), /^Contact: /m);
  assert.equal((await get(url('/.well-known/other.txt'))).status, 404);
  assert.equal((await get(url('/.git/config'))).status, 404);
});

test('Markdown twins, llms.txt and the PDF manuals: media types, charset, headers', async () => {
  const cases: Array<[string, string]> = [];
  for (const locale of ['en', 'it'] as const) {
    const prefix = locale === 'en' ? '' : `${italian}`;
    cases.push(
      [`${prefix}/main/architecture.md`, 'text/markdown; charset=utf-8'],
      [`${prefix}/api/authentication/signin.md`, 'text/markdown; charset=utf-8'],
      [`${prefix}/llms.txt`, 'text/plain; charset=utf-8'],
      [`${prefix}/llms-full.txt`, 'text/plain; charset=utf-8'],
    );
  }
  if (withPdf) {
    for (const file of readdirSync(path.join(buildDir, 'downloads')).filter((name) => name.endsWith('.pdf'))) {
      cases.push([`/downloads/${file}`, 'application/pdf']);
    }
    assert.ok(
      cases.some(([, type]) => type === 'application/pdf'),
      'the build has the PDF manuals',
    );
  }
  for (const [sitePath, type] of cases) {
    const response = await get(url(sitePath), {headers: {'Accept-Encoding': 'gzip'}});
    assert.equal(response.status, 200, sitePath);
    assert.equal(header(response, 'content-type'), type, sitePath);
    assertSecurityHeaders(response, sitePath);
    assert.ok(decoded(response).equals(readFileSync(path.join(buildDir, sitePath))), sitePath);
  }
});
