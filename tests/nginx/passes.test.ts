// The nginx tier (npm run test:nginx): npm test's production build served by the shipped nginx
// configuration (deploy/nginx) with Debian's nginx on 127.0.0.1:4190. The route matrix (every route
// of both languages, every hashed asset: http.test.ts with NGINX_ROUTES=all) runs once, in the root
// pass; the other passes run what differs in them, on one route of each kind:
//   root      the build at /, gzip and brotli: the HTTP checks (status, headers, compression,
//             redirects, localised 404s, cache lifetimes, CSP hashes) on every route, then in
//             Chromium every route of both languages under the CSP (tests/e2e/csp.spec.ts) and the
//             Swagger page at each URL form (tests/e2e/swagger-hosts.spec.ts);
//   https     the same build with SEERBOX_TLS=on and a certificate from a throw-away test CA (HTTPS
//             on 4191, HTTP on 4190 redirecting to it): the HTTP checks on the sample over HTTPS,
//             https.test.ts (redirects, HSTS, TLS versions and ciphers, HTTP/2), the browser on a
//             sample, and the MDN HTTP Observatory's own scanner on ports 80 and 443 of a host name
//             in a namespace of its own (observatory.ts): grade A+, score 120;
//   bundle    the offline bundle (scripts/bundle.mjs) unpacked, its SHA256SUMS verified, its site/
//             served with the nginx/ folder it carries: the HTTP checks on the sample;
//   sub-path  a build for /docs/, gzip only as in the container image, frame-ancestors set to an
//             origin: the HTTP checks on the sample and the browser on a sample.
//             SEERBOX_SUB_PATH_FROM=DIR serves the one npm run test:builds left in DIR
//             (SEERBOX_KEEP_ARCHIVE=DIR); else it is built here.
// Needs nginx, envsubst, openssl, sha256sum, unshare and ip (Debian: nginx gettext-base openssl
// coreutils util-linux iproute2), root for the namespace, and the scanner in tools/observatory (npm
// run test:nginx installs it); the brotli static module when installed (libnginx-mod-http-brotli-static).
// One pass: node --import tsx --test-name-pattern=https tests/nginx/passes.test.ts
import {before, test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from '../support/temp';
import {cspHashesFile} from '../../src/utils/buildMeta.mjs';
import {BROTLI_MODULE, makeCertificate, startNginx, stopOnExit, type Site} from './nginx';
import {observatoryScan} from './observatory';

const root = path.resolve(import.meta.dirname, '../..');
// A Ctrl-C or SIGTERM at any step (a build, a browser run) ends the run through process exit,
// which stops nginx and the step running (see run()).
stopOnExit();
const work = tempDir('nginx');
const subPathFrom = process.env.SEERBOX_SUB_PATH_FROM;
// Not through npx, which does not pass a SIGTERM on to the command.
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command with its output shown; resolves to its exit status. */
function run(command: string, args: string[], {env = {}, cwd = root} = {}): Promise<number> {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, {cwd, stdio: 'inherit', env: {...process.env, ...env}});
  // Stopped with this process (Ctrl-C or a SIGTERM, which ./nginx.ts turns into an exit).
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.once('exit', (code) => {
      process.off('exit', stop);
      resolve(code ?? 1);
    });
  });
}

/** Both languages are there: a build stopped half-way (the Italian locale is built second) is refused. */
function assertComplete(dir: string): void {
  for (const file of ['index.html', '404.html', 'it/index.html', 'it/404.html']) {
    assert.ok(existsSync(path.join(dir, file)), `the build in ${dir} is incomplete or missing (no ${file})`);
  }
}

const site = {
  buildDir: path.join(root, 'build'),
  cspInclude: cspHashesFile(path.join(root, 'build')),
  basePath: '/',
  port: 4190,
  frameAncestors: "'none'",
  brotli: existsSync(BROTLI_MODULE),
};

before(() => {
  assertComplete(site.buildDir);
  assert.ok(existsSync(path.join(site.buildDir, 'index.html.gz')), 'build/ is not precompressed: npm run build');
  const built = statSync(path.join(site.buildDir, 'index.html')).mtimeMs;
  assert.ok(
    existsSync(site.cspInclude) && statSync(site.cspInclude).mtimeMs >= built,
    `${site.cspInclude} is missing or older than the build: npm run build`,
  );
});

/**
 * Serves a build through nginx and runs the HTTP checks and, when asked, the browser checks
 * against it, each as a subtest (both run when one fails); nginx must log no error.
 */
async function serveAndCheck(
  t: TestContext,
  name: string,
  pass: Omit<Site, 'folder'> & {pdf: boolean; routes: 'all' | 'sample'; browser: 'all' | 'sample' | false},
) {
  const folder = path.join(work, name);
  mkdirSync(folder);
  const nginx = await startNginx({...pass, folder});
  t.after(nginx.stop);
  const {origin} = nginx;
  console.log(`\n== ${name}: nginx on ${origin}${pass.basePath}, configuration in ${nginx.runtime}`);
  await t.test('HTTP checks (tests/nginx)', async () => {
    const env = {
      NGINX_URL: origin,
      NGINX_BASE_PATH: pass.basePath,
      NGINX_BUILD_DIR: path.resolve(pass.buildDir),
      NGINX_BROTLI: pass.brotli ? '1' : '0',
      NGINX_FRAME_ANCESTORS: pass.frameAncestors,
      NGINX_PDF: pass.pdf ? '1' : '0',
      NGINX_ROUTES: pass.routes,
      // The HTTPS checks: the redirecting HTTP origin, and trust in the throw-away test CA.
      ...(pass.tls && {NGINX_HTTP_URL: `http://127.0.0.1:${pass.port}`, NODE_EXTRA_CA_CERTS: pass.tls.ca}),
    };
    const files = ['tests/nginx/http.test.ts', ...(pass.tls ? ['tests/nginx/https.test.ts'] : [])];
    assert.equal(await run('node', ['--import', 'tsx', '--test', ...files], {env}), 0, 'failed: see above');
  });
  if (pass.browser) {
    await t.test('browser checks (csp.spec.ts, swagger-hosts.spec.ts)', async () => {
      const env = {
        E2E_BASE_URL: `${origin}${pass.basePath}`,
        E2E_CSP_SAMPLE: pass.browser === 'sample' ? '1' : '',
        E2E_IGNORE_HTTPS_ERRORS: pass.tls ? '1' : '',
      };
      const specs = ['tests/e2e/csp.spec.ts', 'tests/e2e/swagger-hosts.spec.ts'];
      assert.equal(await run(bin('playwright'), ['test', ...specs], {env}), 0, 'failed: see above');
    });
  }
  await nginx.stop();
  assert.deepEqual(nginx.errors(), [], 'nginx logged errors');
}

test('root: the build at /, every route in the browser', {timeout: 10 * 60_000}, (t) =>
  serveAndCheck(t, 'root', {...site, pdf: true, routes: 'all', browser: 'all'}),
);

test('https: the same build over HTTPS, with a throw-away test CA', {timeout: 5 * 60_000}, async (t) => {
  const tlsDir = path.join(work, 'tls');
  mkdirSync(tlsDir);
  const tls = makeCertificate(tlsDir);
  // The browser on a sample: the root pass visited every route.
  await serveAndCheck(t, 'https', {...site, pdf: true, routes: 'sample', browser: 'sample', tls});
  await t.test('the MDN HTTP Observatory scanner grades it A+ (120) on ports 80 and 443', async () => {
    const folder = path.join(work, 'observatory');
    mkdirSync(folder);
    const {scan, tests, nginxErrors} = await observatoryScan({...site, folder, tls});
    // On failure, the scanner's verdict per test says which rule cost points.
    const verdicts = Object.entries(tests).map(
      ([name, {result, scoreModifier, pass}]) => `${pass ? 'pass' : 'FAIL'} ${name}: ${result} (${scoreModifier})`,
    );
    assert.deepEqual({grade: scan.grade, score: scan.score}, {grade: 'A+', score: 120}, verdicts.join('\n'));
    assert.deepEqual(nginxErrors, [], 'nginx logged errors');
  });
});

test(
  'bundle: the offline bundle, unpacked, verified and served with its own nginx folder',
  {timeout: 5 * 60_000},
  async (t) => {
    const dist = path.join(work, 'dist');
    assert.equal(
      await run('node', ['scripts/bundle.mjs', '--dir', site.buildDir, '--out', dist]),
      0,
      'scripts/bundle.mjs failed',
    );
    const archive = readdirSync(dist).find((file) => file.endsWith('.tar.gz'));
    assert.ok(archive, `scripts/bundle.mjs wrote no .tar.gz in ${dist}`);
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    assert.equal(await run('tar', ['-xzf', path.join(dist, archive), '-C', unpacked]), 0, 'tar failed');
    const bundle = path.join(unpacked, readdirSync(unpacked)[0]);
    assert.equal(await run('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], {cwd: bundle}), 0, `SHA256SUMS of ${archive}`);
    const deploy = path.join(bundle, 'nginx');
    // The bundle's own nginx folder is the point here; the root pass ran every route and the browser on the same files.
    return serveAndCheck(t, 'bundle', {
      ...site,
      buildDir: path.join(bundle, 'site'),
      cspInclude: path.join(deploy, 'generated', 'csp-hashes.conf'),
      deploy,
      pdf: true,
      routes: 'sample',
      browser: false,
    });
  },
);

test('sub-path: a build for /docs/, gzip only, frame-ancestors set to an origin', {timeout: 10 * 60_000}, async (t) => {
  const basePath = '/docs/';
  let buildDir = path.join(work, 'sub-path-build');
  if (subPathFrom) {
    buildDir = path.join(path.resolve(subPathFrom), 'build');
    assert.match(
      readFileSync(path.join(buildDir, 'index.html'), 'utf8'),
      /href="?\/docs\//,
      `${buildDir} is not built for ${basePath}`,
    );
  } else {
    const build = await run(bin('docusaurus'), ['build', '--out-dir', buildDir], {env: {BASE_URL: basePath}});
    assert.equal(build, 0, 'the build for /docs/ failed');
  }
  assertComplete(buildDir);
  // A site-only build (no postbuild step): its CSP hashes, and gzip copies only as in the container
  // image (the root pass covers brotli); no PDFs, which the root pass checks.
  const cspInclude = cspHashesFile(buildDir);
  assert.equal(await run('node', ['scripts/csp-hashes.mjs', '--dir', buildDir]), 0);
  assert.equal(await run('node', ['scripts/precompress.mjs', '--dir', buildDir, '--no-brotli']), 0);
  return serveAndCheck(t, 'sub-path', {
    ...site,
    buildDir,
    cspInclude,
    basePath,
    // An origin instead of 'none', to show the setting reaches the header.
    frameAncestors: 'https://seerbox.example.internal',
    brotli: false,
    pdf: false,
    routes: 'sample',
    browser: 'sample',
  });
});
