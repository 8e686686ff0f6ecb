// HTTPS checks of the shipped nginx configuration with SEERBOX_TLS=on, run by
// passes.test.ts in its HTTPS pass (http.test.ts runs over HTTPS too, and observatory.ts
// grades the same configuration with the MDN HTTP Observatory's scanner).
// Reads, besides the variables of http.test.ts:
//   NGINX_HTTP_URL        the plain HTTP origin, which only redirects
//   NODE_EXTRA_CA_CERTS   the throw-away test CA, so Node trusts the certificate it signed
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {request as httpRequest} from 'node:http';
import {connect as http2Connect} from 'node:http2';
import {request as httpsRequest} from 'node:https';
import {readFileSync} from 'node:fs';
import {HSTS_MAX_AGE} from './nginx';
import {required} from './env';

const origin = required('NGINX_URL');
const httpOrigin = required('NGINX_HTTP_URL');
const basePath = required('NGINX_BASE_PATH');
const certificate = readFileSync(required('NODE_EXTRA_CA_CERTS'));
const {host} = new URL(origin);

type Response = {status: number; headers: Record<string, string | undefined>; body: string};

function get(url: string, method = 'GET'): Promise<Response> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {method, ca: certificate}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(res.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
        );
        resolve({status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8')});
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** openssl s_client with one protocol version; the client allows everything (SECLEVEL=0), so a refusal is the server's. */
function handshake(version: string, cipher = 'DEFAULT@SECLEVEL=0') {
  const args = [
    's_client',
    '-connect',
    host,
    `-${version}`,
    '-servername',
    'localhost',
    '-CAfile',
    required('NODE_EXTRA_CA_CERTS'),
  ];
  if (version !== 'tls1_3') args.push('-cipher', cipher);
  const result = spawnSync('openssl', args, {input: '', encoding: 'utf8', timeout: 10_000});
  // Printed as soon as the handshake ends ("New, (NONE), Cipher is (NONE)" when it failed); the
  // SSL-Session block may come later than the end of input under TLS 1.3.
  const [, protocol, negotiated] = result.stdout.match(/^New, (\S+), Cipher is (\S+)/m) ?? [];
  const accepted = result.status === 0 && negotiated !== undefined && negotiated !== '(NONE)';
  return {accepted, protocol, cipher: negotiated, output: result.stdout + result.stderr};
}

const page = `${basePath}main/architecture`;

test('plain HTTP only redirects (301) to the same host, path and query over HTTPS, without HSTS', async () => {
  for (const target of [`${basePath}`, `${page}?from=old&x=1`, `${basePath}it/no-such-page`, `${basePath}index.html`]) {
    const response = await get(`${httpOrigin}${target}`);
    assert.equal(response.status, 301, target);
    assert.equal(response.headers.location, `${origin}${target}`, target);
    assert.equal(response.headers['strict-transport-security'], undefined, `${target}: no HSTS over HTTP`);
  }
  // Every method, and the body never served over HTTP.
  const post = await get(`${httpOrigin}${page}`, 'POST');
  assert.equal(post.status, 301);
  assert.doesNotMatch(post.body, /<main/);
});

test('every HTTPS response carries Strict-Transport-Security with the configured max-age', async () => {
  const cases: Array<[string, string, number]> = [
    [page, 'GET', 200],
    [`${basePath}no-such-page`, 'GET', 404],
    [`${basePath}it/no-such-page`, 'GET', 404],
    [`${page}.html`, 'GET', 301],
    [page, 'POST', 405],
  ];
  for (const [target, method, status] of cases) {
    const response = await get(`${origin}${target}`, method);
    assert.equal(response.status, status, `${method} ${target}`);
    assert.equal(response.headers['strict-transport-security'], `max-age=${HSTS_MAX_AGE}`, `${method} ${target}`);
  }
});

test('TLS 1.0 and 1.1 are refused, TLS 1.2 and 1.3 accepted', () => {
  for (const version of ['tls1', 'tls1_1']) {
    const result = handshake(version);
    assert.equal(result.accepted, false, `${version} must be refused:\n${result.output}`);
  }
  for (const [version, name] of [
    ['tls1_2', 'TLSv1.2'],
    ['tls1_3', 'TLSv1.3'],
  ]) {
    const result = handshake(version);
    assert.ok(result.accepted, `${version} must be accepted:\n${result.output}`);
    assert.equal(result.protocol, name);
  }
});

test("TLS 1.2: only Mozilla intermediate's ECDHE + AEAD ciphers, no session ticket", () => {
  for (const weak of [
    'AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES128-SHA',
    'ECDHE-RSA-AES256-SHA384',
    'DHE-RSA-AES128-GCM-SHA256',
  ]) {
    assert.equal(handshake('tls1_2', `${weak}:@SECLEVEL=0`).accepted, false, `${weak} must be refused`);
  }
  const strong = handshake('tls1_2', 'ECDHE-ECDSA-AES128-GCM-SHA256');
  assert.ok(strong.accepted, strong.output);
  assert.doesNotMatch(strong.output, /TLS session ticket:/, 'no session ticket');
});

test('HTTP/2 is negotiated (ALPN h2) and serves the pages', async () => {
  const session = http2Connect(origin, {ca: certificate});
  try {
    const {status, protocol} = await new Promise<{status: number; protocol: string | undefined}>((resolve, reject) => {
      session.once('error', reject);
      const stream = session.request({':path': page});
      stream.once('response', (headers) => {
        resolve({status: Number(headers[':status']), protocol: session.alpnProtocol});
        stream.resume();
      });
      stream.once('error', reject);
      stream.end();
    });
    assert.equal(protocol, 'h2');
    assert.equal(status, 200);
  } finally {
    session.close();
  }
});
