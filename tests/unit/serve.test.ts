import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {brotliCompressSync, gzipSync} from 'node:zlib';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import type {AddressInfo} from 'node:net';
import {parseArgs, route, createSiteServer} from '../../scripts/serve.mjs';
import {tempDir} from '../support/temp';

test('parseArgs: defaults and values', () => {
  assert.deepEqual(parseArgs([]), {
    dir: 'build',
    port: 3000,
    host: '127.0.0.1',
    baseUrl: '/',
    compress: false,
  });
  assert.equal(parseArgs(['--compress']).compress, true);
  assert.equal(parseArgs(['--port', '8080']).port, 8080);
  assert.equal(parseArgs(['--base-url', '/docs/']).baseUrl, '/docs/');
});

test('parseArgs: bad input is refused with a clear message', () => {
  assert.throws(() => parseArgs(['--port', '0']), /--port must be a whole number from 1 to 65535/);
  assert.throws(() => parseArgs(['--port', 'x']), /--port/);
  assert.throws(() => parseArgs(['--port']), /'--port <value>' argument missing/);
  assert.throws(() => parseArgs(['--base-url', 'docs']), /must start and end with "\/"/);
  assert.throws(() => parseArgs(['--nope']), /Unknown option '--nope'/);
});

test('route: .html and /index.html redirect to the bare path', () => {
  assert.deepEqual(route('/main/architecture.html'), {redirect: '/main/architecture'});
  assert.deepEqual(route('/main/architecture/index.html'), {redirect: '/main/architecture'});
  assert.deepEqual(route('/index.html'), {redirect: '/'});
  assert.deepEqual(route('/it/index.html'), {redirect: '/it'});
});

test('route: the Swagger page keeps its file name', () => {
  assert.deepEqual(route('/swagger/index.html'), {notFound: '/404.html'});
  assert.deepEqual(route('/swagger/index'), {notFound: '/404.html'});
});

test('route: 404 page of the right locale', () => {
  assert.deepEqual(route('/nope'), {notFound: '/404.html'});
  assert.deepEqual(route('/it/nope'), {notFound: '/it/404.html'});
  assert.deepEqual(route('/it'), {notFound: '/it/404.html'});
  assert.deepEqual(route('/italy'), {notFound: '/404.html'});
});

function makeBuild(): string {
  const dir = tempDir('serve-test');
  mkdirSync(path.join(dir, 'main/page'), {recursive: true});
  mkdirSync(path.join(dir, 'it'), {recursive: true});
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'main/page/index.html'), '<h1>page</h1>');
  writeFileSync(path.join(dir, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(dir, 'it/404.html'), '<h1>non trovata</h1>');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside');
  mkdirSync(path.join(dir, 'swagger'));
  writeFileSync(path.join(dir, 'swagger/index.html'), '<h1>swagger</h1>');
  writeFileSync(path.join(dir, 'notes.md'), '# perché');
  writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
  // The copies scripts/precompress.mjs writes after a build (gzip for the page and the 404 pages).
  for (const file of ['main/page/index.html', '404.html', 'it/404.html']) {
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(readFileSync(path.join(dir, file))));
  }
  writeFileSync(path.join(dir, 'notes.md.br'), brotliCompressSync(readFileSync(path.join(dir, 'notes.md'))));
  writeFileSync(path.join(dir, 'notes.md.gz'), gzipSync(readFileSync(path.join(dir, 'notes.md'))));
  return dir;
}

async function withServer(baseUrl: string, run: (origin: string) => Promise<void>, compress = false): Promise<void> {
  const server = createSiteServer({dir: makeBuild(), baseUrl, compress});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  try {
    await run(`http://127.0.0.1:${port}`);
  } finally {
    server.close();
  }
}

test('server: pages, redirects and localised 404s over HTTP', async () => {
  await withServer('/', async (origin) => {
    const page = await fetch(`${origin}/main/page`);
    assert.equal(page.status, 200);
    assert.equal(await page.text(), '<h1>page</h1>');
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);

    const redirect = await fetch(`${origin}/main/page.html?x=1`, {redirect: 'manual'});
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/main/page?x=1');

    const missing = await fetch(`${origin}/it/nothing`);
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '<h1>non trovata</h1>');

    const traversal = await fetch(`${origin}/main/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    assert.equal(traversal.status, 404);

    const post = await fetch(`${origin}/`, {method: 'POST'});
    assert.equal(post.status, 405);
  });
});

test('server: a base URL is honoured', async () => {
  await withServer('/docs/', async (origin) => {
    assert.equal((await fetch(`${origin}/docs/main/page`)).status, 200);
    const outside = await fetch(`${origin}/main/page`, {redirect: 'manual'});
    assert.equal(outside.status, 302);
    assert.equal(outside.headers.get('location'), '/docs/');
    const redirect = await fetch(`${origin}/docs/main/page/index.html`, {redirect: 'manual'});
    assert.equal(redirect.headers.get('location'), '/docs/main/page');
  });
});

test("server: --compress sends the build's compressed copies to clients that accept them, and only then", async () => {
  await withServer(
    '/',
    async (origin) => {
      // fetch() asks for gzip and decodes it; the headers tell what travelled.
      const page = await fetch(`${origin}/main/page`);
      assert.equal(page.headers.get('content-encoding'), 'gzip');
      assert.equal(page.headers.get('vary'), 'Accept-Encoding');
      assert.equal(await page.text(), '<h1>page</h1>');
      const plain = await fetch(`${origin}/main/page`, {headers: {'Accept-Encoding': 'identity'}});
      assert.equal(plain.headers.get('content-encoding'), null);
      assert.equal(await plain.text(), '<h1>page</h1>');
      const missing = await fetch(`${origin}/it/nothing`);
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('content-encoding'), 'gzip');
      assert.equal(await missing.text(), '<h1>non trovata</h1>');
      // Brotli first when both are accepted, as nginx with the optional brotli module.
      const notes = await fetch(`${origin}/notes.md`, {headers: {'Accept-Encoding': 'br, gzip'}});
      assert.equal(notes.headers.get('content-encoding'), 'br');
      assert.equal(await notes.text(), '# perché');
      // No copy (a small file): sent as it is, never compressed at request time.
      const home = await fetch(`${origin}/`);
      assert.equal(home.headers.get('content-encoding'), null);
      assert.equal(await home.text(), '<h1>home</h1>');
    },
    true,
  );
  await withServer('/', async (origin) => {
    const page = await fetch(`${origin}/main/page`, {headers: {'Accept-Encoding': 'br, gzip'}});
    assert.equal(page.headers.get('content-encoding'), null);
    assert.equal(await page.text(), '<h1>page</h1>');
  });
});

test('server: the Swagger page at every form of its address', async () => {
  await withServer('/', async (origin) => {
    for (const form of ['/swagger/index.html', '/swagger/', '/swagger', '/swagger/index']) {
      const response = await fetch(origin + form, {redirect: 'manual'});
      assert.equal(response.status, 200, form);
      assert.equal(await response.text(), '<h1>swagger</h1>', form);
    }
    const missing = await fetch(`${origin}/swagger/nope`);
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '<h1>not found</h1>');
  });
});

test("server: nginx's media types, UTF-8 for text", async () => {
  await withServer('/', async (origin) => {
    assert.equal((await fetch(`${origin}/notes.md`)).headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal((await fetch(`${origin}/secret.txt`)).headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal((await fetch(`${origin}/favicon.ico`)).headers.get('content-type'), 'image/x-icon');
    assert.equal((await fetch(`${origin}/it/nothing`)).headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal((await fetch(`${origin}/main/page`)).headers.get('content-type'), 'text/html; charset=utf-8');
  });
});

test('server: ETags and ranges for files, never for the 404 page', async () => {
  await withServer('/', async (origin) => {
    const page = await fetch(`${origin}/main/page`);
    const etag = page.headers.get('etag');
    assert.ok(etag);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(`${origin}/main/page`, {headers: {'If-None-Match': etag}})).status, 304);
    const part = await fetch(`${origin}/main/page`, {headers: {Range: 'bytes=4-7'}});
    assert.equal(part.status, 206);
    assert.equal(await part.text(), 'page');
    const missing = await fetch(`${origin}/nope`, {headers: {Range: 'bytes=4-7', 'If-None-Match': etag}});
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '<h1>not found</h1>');
    const head = await fetch(`${origin}/main/page`, {method: 'HEAD'});
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });
});

test('CLI: bad arguments exit non-zero with a message', () => {
  const result = spawnSync(process.execPath, ['scripts/serve.mjs', '--port', 'abc'], {encoding: 'utf8'});
  assert.equal(result.status, 2);
  assert.match(result.stderr, /serve: --port must be a whole number/);
  const noBuild = spawnSync(process.execPath, ['scripts/serve.mjs', '--dir', '/nonexistent-dir'], {encoding: 'utf8'});
  assert.equal(noBuild.status, 2);
  assert.match(noBuild.stderr, /no built site/);
});
