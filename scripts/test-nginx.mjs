#!/usr/bin/env node
// Serves a fresh production build through the shipped nginx configuration
// (deploy/nginx) with Debian's nginx on a loopback port, then runs the HTTP
// checks (tests/nginx/) and the browser checks (tests/e2e/csp.spec.ts, swagger-hosts.spec.ts)
// against it. nginx is always stopped at the end, also on failure or Ctrl-C.
import {spawn, spawnSync} from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import {once} from 'node:events';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';
import {messageOf} from '../src/utils/errors.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEPLOY = path.join(ROOT, 'deploy', 'nginx');

const USAGE = `Usage: node scripts/test-nginx.mjs [--no-build] [--bundle] [--sub-path PATH [--sub-path-from DIR]] [--port PORT] [--no-https] [--no-browser] [--keep]

Builds the site (npm run build, which also precompresses it and writes the
CSP hashes), renders deploy/nginx/templates with envsubst into a temporary
folder, starts nginx on 127.0.0.1:PORT and runs:
  - the HTTP checks of tests/nginx/*.test.ts (status, headers, compression,
    redirects, localised 404s, cache lifetimes, CSP hashes);
  - the browser checks in Chromium: tests/e2e/csp.spec.ts (every route of both
    languages and the Swagger page load under the CSP without a console error)
    and tests/e2e/swagger-hosts.spec.ts (the Swagger page at each URL form).
Then the HTTPS pass: the same build served with SEERBOX_TLS=on and a throw-away
self-signed certificate (openssl), HTTPS on PORT+1 and HTTP on PORT redirecting
to it; the same checks over HTTPS (browser: one route of each kind per
language) plus tests/nginx/https.test.ts (redirects, HSTS, TLS versions and
ciphers, session tickets, HTTP/2, the Observatory's scoring).
nginx is stopped at the end, whatever happens.
  --no-build        use the existing build/ of npm run build instead of building
  --sub-path PATH   afterwards, build the site again for base path PATH (e.g.
                    /docs/) into a temporary folder and run the same checks
                    there, served gzip only (as the container image does), with
                    frame-ancestors set to an origin, and the browser check on
                    one route of each kind per language
  --sub-path-from DIR
                    for --sub-path, a project folder whose build/ was already
                    made for PATH (BASE_URL=PATH npm run build, with or without
                    --ignore-scripts, as npm run test:builds leaves it with
                    SEERBOX_KEEP_ARCHIVE): give it its CSP hashes and gzip
                    copies and serve it instead of building again
  --port PORT       loopback port for nginx (default: 4190; the HTTPS pass uses PORT+1 too)
  --bundle          afterwards, pack the build with scripts/bundle.mjs, unpack it,
                    verify its SHA256SUMS and run the HTTP checks on its site/
                    served with the nginx/ folder it carries
  --no-https        skip the HTTPS pass
  --no-browser      HTTP checks only
  --keep            keep the temporary folder (rendered configuration, logs)
  --help            show this help

Needs nginx, envsubst and openssl (Debian: apt-get install nginx gettext-base openssl); uses the
brotli static module when installed (libnginx-mod-http-brotli-static).
Exit status: 0 all checks passed, 1 a check or a step failed, 2 bad arguments.`;

/** The variables the templates may use; everything else ($uri, ...) is left to nginx. */
export const TEMPLATE_VARIABLES = [
  'SEERBOX_LISTEN',
  'SEERBOX_ROOT',
  'SEERBOX_BASE_PATH',
  'SEERBOX_FRAME_ANCESTORS',
  'SEERBOX_CONNECT_SRC',
  'SEERBOX_CONF_DIR',
  'SEERBOX_RUNTIME_DIR',
  'SEERBOX_TLS',
  'SEERBOX_TLS_LISTEN',
  'SEERBOX_HTTPS_PORT',
  'SEERBOX_TLS_CERTIFICATE',
  'SEERBOX_TLS_CERTIFICATE_KEY',
  'SEERBOX_HSTS_MAX_AGE',
];

/** Where Debian's brotli static module lives. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const BASE_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*$/;

/**
 * @typedef {{certificate: string, key: string}} Tls
 * @typedef {{work: string, name: string, buildDir: string, cspInclude: string, basePath: string, port: number,
 *   frameAncestors: string, brotli: boolean, pdf: boolean}} Site
 * @typedef {ReturnType<typeof toOptions>} Options
 */

/** The command line: its options, read by parseCommandLine (./lib/cli.mjs). */
const command = /** @type {const} */ ({
  name: 'test-nginx',
  usage: USAGE,
  options: {
    'no-build': {type: 'boolean', default: false},
    'no-https': {type: 'boolean', default: false},
    'no-browser': {type: 'boolean', default: false},
    bundle: {type: 'boolean', default: false},
    keep: {type: 'boolean', default: false},
    'sub-path': {type: 'string'},
    'sub-path-from': {type: 'string'},
    port: {type: 'string', default: '4190'},
  },
});

/**
 * @param {{'no-build': boolean, 'no-https': boolean, 'no-browser': boolean, bundle: boolean, keep: boolean,
 *   'sub-path'?: string, 'sub-path-from'?: string, port: string}} values
 */
function toOptions(values) {
  const subPath = values['sub-path'] ?? null;
  if (subPath !== null && (!BASE_PATH.test(subPath) || subPath === '/')) {
    throw new UsageError(
      `--sub-path must look like /docs/ (letters, digits, "-", "_", starting and ending with "/"), got "${subPath}"`,
    );
  }
  const subPathFrom = values['sub-path-from'] ?? null;
  if (subPathFrom !== null && subPath === null) throw new UsageError('--sub-path-from needs --sub-path');
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port < 1024 || port > 65534) {
    throw new UsageError(`--port must be a whole number from 1024 to 65534, got "${values.port}"`);
  }
  return {
    build: !values['no-build'],
    subPath,
    subPathFrom,
    port,
    https: !values['no-https'],
    browser: !values['no-browser'],
    bundle: values.bundle,
    keep: values.keep,
  };
}

/**
 * The options of a command line (a UsageError on bad input).
 * @param {string[]} argv
 */
export const parseArgs = (argv) => toOptions(parseCommandLine(argv, command).values);

/**
 * Checks the values given to the templates; throws on a missing or unsafe one
 * (a value with a quote or a semicolon could change the configuration's meaning).
 * @param {Record<string, string>} values
 */
export function checkVariables(values) {
  for (const name of TEMPLATE_VARIABLES) {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${name} is not set`);
    if (/[;{}"\n\\$]/.test(value)) throw new Error(`${name} contains a character nginx would misread: ${value}`);
  }
  if (!BASE_PATH.test(values.SEERBOX_BASE_PATH)) {
    throw new Error(`SEERBOX_BASE_PATH must be / or like /docs/, got "${values.SEERBOX_BASE_PATH}"`);
  }
  // 'self', then the origins "Try it out" of the Swagger page may call (the Seer Box API).
  if (!/^'self'(?: https?:\/\/[A-Za-z0-9.-]+(?::\d+)?)*$/.test(values.SEERBOX_CONNECT_SRC)) {
    throw new Error(
      `SEERBOX_CONNECT_SRC must be 'self' followed by origins such as https://seerbox.example:53443, got "${values.SEERBOX_CONNECT_SRC}"`,
    );
  }
  if (!['on', 'off'].includes(values.SEERBOX_TLS))
    throw new Error(`SEERBOX_TLS must be on or off, got "${values.SEERBOX_TLS}"`);
  for (const name of ['SEERBOX_HTTPS_PORT', 'SEERBOX_HSTS_MAX_AGE']) {
    if (!/^\d+$/.test(values[name])) throw new Error(`${name} must be a whole number, got "${values[name]}"`);
  }
}

/**
 * Renders one template with envsubst, replacing only TEMPLATE_VARIABLES, as the nginx image does.
 * @param {string} template
 * @param {Record<string, string>} values
 */
export function renderTemplate(template, values) {
  checkVariables(values);
  const shellFormat = TEMPLATE_VARIABLES.map((name) => `\${${name}}`).join(' ');
  const result = spawnSync('envsubst', [shellFormat], {
    input: readFileSync(template, 'utf8'),
    encoding: 'utf8',
    env: {PATH: process.env.PATH, ...values},
  });
  if (result.error) throw new Error(`envsubst failed: ${result.error.message} (Debian: apt-get install gettext-base)`);
  if (result.status !== 0) throw new Error(`envsubst failed on ${template}: ${result.stderr}`);
  const leftover = result.stdout.match(/\$\{?SEERBOX_[A-Z_]*\}?/);
  if (leftover)
    throw new Error(`${template} uses ${leftover[0]}, which is not one of ${TEMPLATE_VARIABLES.join(', ')}`);
  return result.stdout;
}

/**
 * Renders every template under `templates` into `outDir`, keeping sub-folders (like the image's entrypoint).
 * @param {string} templates
 * @param {string} outDir
 * @param {Record<string, string>} values
 */
export function renderTemplates(templates, outDir, values) {
  const written = [];
  for (const template of listFiles(templates, /\.template$/)) {
    const relative = path.relative(templates, template).replace(/\.template$/, '');
    const target = path.join(outDir, relative);
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, renderTemplate(template, values));
    written.push(target);
  }
  return written;
}

/** @param {string} command */
function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], {encoding: 'utf8'});
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * The step running now (build, checks), so an interruption can stop it too.
 * @type {import('node:child_process').ChildProcess | null}
 */
let currentStep = null;

/**
 * Runs a command with inherited output; resolves to its exit status (asynchronous, so signals are handled at once).
 * @param {string} command
 * @param {string[]} args
 * @param {{env?: NodeJS.ProcessEnv, cwd?: string}} [options]
 * @returns {Promise<number>}
 */
function run(command, args, {env = {}, cwd = ROOT} = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, stdio: 'inherit', env: {...process.env, ...env}});
    currentStep = child;
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.once('exit', (code) => {
      currentStep = null;
      resolve(code ?? 1);
    });
  });
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portInUse(port) {
  return new Promise((resolve) => {
    const socket = connect({port, host: '127.0.0.1'});
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The one nginx this script may have running, so every exit path can stop it.
 * @type {{child: import('node:child_process').ChildProcess} | null}
 */
let running = null;

function stopNginx() {
  if (!running) return;
  const {child} = running;
  running = null;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
  }
}

async function stopNginxAndWait() {
  if (!running) return;
  const {child} = running;
  const exited = child.exitCode !== null || child.signalCode !== null ? null : once(child, 'exit');
  stopNginx();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Stops nginx (and the running step) when this script is interrupted or exits by any path; `cleanUp` removes the work folder.
 * @param {() => void} cleanUp
 */
function stopNginxOnExit(cleanUp) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\ntest-nginx: ${signal}, stopping nginx`);
      stopNginx();
      currentStep?.kill('SIGTERM');
      cleanUp();
      process.exit(130);
    });
  }
  process.on('exit', stopNginx);
}

/**
 * Starts nginx in the foreground on `port`; resolves once it answers, rejects if it exits first.
 * @param {{prefix: string, config: string, port: number, logs: string}} nginx
 */
async function startNginx({prefix, config, port, logs}) {
  if (await portInUse(port)) throw new Error(`port ${port} is already in use: stop what listens there or pass --port`);
  // stdout to /dev/null: nginx opens /dev/stdout for the access log, which fails on Node's socket pipes.
  const test = spawnSync('nginx', ['-t', '-q', '-e', 'stderr', '-p', prefix, '-c', config], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (test.status !== 0) throw new Error(`nginx -t rejects the rendered configuration:\n${test.stderr}`);
  const child = spawn('nginx', ['-e', 'stderr', '-p', prefix, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', openSync(path.join(logs, 'access.log'), 'a'), openSync(path.join(logs, 'error.log'), 'a')],
  });
  running = {child};
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (await portInUse(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = readFileSync(path.join(logs, 'error.log'), 'utf8');
  throw new Error(`nginx did not start on port ${port}:\n${log}`);
}

/**
 * Both languages are there: a build stopped half-way (the Italian locale is built second) is refused.
 * @param {string} dir
 */
function checkComplete(dir) {
  for (const file of ['index.html', '404.html', 'it/index.html', 'it/404.html']) {
    if (!existsSync(path.join(dir, file))) throw new Error(`the build in ${dir} is incomplete: ${file} is missing`);
  }
}

/**
 * Checks that `dir` holds a production build that went through the post-build steps.
 * @param {string} dir
 * @param {string} cspInclude
 */
function checkBuild(dir, cspInclude) {
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(`no build in ${dir}: run npm run build (or drop --no-build)`);
  checkComplete(dir);
  if (!existsSync(path.join(dir, 'index.html.gz')))
    throw new Error(`${dir} is not precompressed: run node scripts/precompress.mjs --dir ${dir}`);
  if (!existsSync(cspInclude) || statSync(cspInclude).mtimeMs < statSync(path.join(dir, 'index.html')).mtimeMs) {
    throw new Error(`${cspInclude} is missing or older than the build: run node scripts/csp-hashes.mjs --dir ${dir}`);
  }
}

/** One year, the default HSTS max-age of the image and of the checks. */
export const HSTS_MAX_AGE = '31536000';

/**
 * The template values of the TLS mode: off, or on with the HTTPS server on the port after `port`.
 * @param {Tls | null} tls
 * @param {number} port
 */
export function tlsValues(tls, port) {
  if (!tls) {
    // Not read when TLS is off, but every variable must have a value.
    return {
      SEERBOX_TLS: 'off',
      SEERBOX_TLS_LISTEN: '8443',
      SEERBOX_HTTPS_PORT: '443',
      SEERBOX_TLS_CERTIFICATE: '/nonexistent/tls.crt',
      SEERBOX_TLS_CERTIFICATE_KEY: '/nonexistent/tls.key',
      SEERBOX_HSTS_MAX_AGE: HSTS_MAX_AGE,
    };
  }
  return {
    SEERBOX_TLS: 'on',
    SEERBOX_TLS_LISTEN: `127.0.0.1:${port + 1}`,
    SEERBOX_HTTPS_PORT: String(port + 1),
    SEERBOX_TLS_CERTIFICATE: tls.certificate,
    SEERBOX_TLS_CERTIFICATE_KEY: tls.key,
    SEERBOX_HSTS_MAX_AGE: HSTS_MAX_AGE,
  };
}

/**
 * A throw-away self-signed certificate for 127.0.0.1 (and localhost), valid for a day.
 * @param {string} dir
 * @returns {Tls}
 */
export function makeCertificate(dir) {
  const certificate = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  // No argument here holds a space, so the command reads as it would in a shell.
  const request =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost';
  const result = spawnSync('openssl', [...request.split(' '), '-keyout', key, '-out', certificate], {encoding: 'utf8'});
  if (result.error) throw new Error(`openssl: ${result.error.message} (Debian: apt-get install openssl)`);
  if (result.status !== 0) throw new Error(`openssl could not make a certificate:\n${result.stderr}`);
  chmodSync(dir, 0o755);
  chmodSync(key, 0o644); // read by nginx only when started as root, before it drops privileges; a test key
  return {certificate, key};
}

/**
 * Copies a build to where nginx serves it, readable by everyone. nginx started as root runs
 * its workers as an unprivileged user (`nobody`), which cannot read a checkout under /root
 * or any other private folder: serving the build in place answered every request with 403.
 * @param {string} buildDir
 * @param {string} docroot
 */
export function stageDocroot(buildDir, docroot, basePath = '/') {
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`${buildDir} holds no built site`);
  cpSync(buildDir, path.join(docroot, basePath), {recursive: true});
  chmodSync(docroot, 0o755);
  for (const entry of readdirSync(docroot, {recursive: true, withFileTypes: true})) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

/**
 * Renders the configuration for one build, starts nginx, runs the checks,
 * stops nginx. Returns the number of failed steps.
 * @param {Site & {browser: false | 'all' | 'sample', tls?: Tls | null, deploy?: string}} pass
 */
async function serveAndCheck({
  work,
  name,
  buildDir,
  cspInclude,
  basePath,
  port,
  frameAncestors,
  brotli,
  pdf,
  browser,
  tls = null,
  deploy = DEPLOY,
}) {
  const folder = path.join(work, name);
  const conf = path.join(folder, 'conf');
  const runtime = path.join(folder, 'run');
  // nginx maps URL paths onto the file system: the build sits under the base path in the root.
  const docroot = path.join(folder, 'www');
  stageDocroot(buildDir, docroot, basePath);
  for (const dir of [folder, conf, runtime, path.join(conf, 'generated')]) mkdirSync(dir, {recursive: true});
  // Workers run as an unprivileged user when nginx starts as root.
  for (const dir of [work, folder, conf, runtime]) chmodSync(dir, 0o755);
  copyFileSync(path.join(deploy, 'mime.types'), path.join(conf, 'mime.types'));
  copyFileSync(cspInclude, path.join(conf, 'generated', 'csp-hashes.conf'));
  if (brotli) {
    mkdirSync(path.join(conf, 'modules.d'));
    mkdirSync(path.join(conf, 'compression.d'));
    writeFileSync(path.join(conf, 'modules.d', 'brotli.conf'), `load_module ${BROTLI_MODULE};\n`);
    copyFileSync(path.join(deploy, 'optional', 'brotli.conf'), path.join(conf, 'compression.d', 'brotli.conf'));
  }
  const values = {
    SEERBOX_LISTEN: `127.0.0.1:${port}`,
    SEERBOX_ROOT: path.resolve(docroot),
    SEERBOX_BASE_PATH: basePath,
    SEERBOX_FRAME_ANCESTORS: frameAncestors,
    SEERBOX_CONNECT_SRC: "'self'",
    SEERBOX_CONF_DIR: conf,
    SEERBOX_RUNTIME_DIR: runtime,
    ...tlsValues(tls, port),
  };
  renderTemplates(path.join(deploy, 'templates'), runtime, values);
  // With TLS, nginx serves the pages on the next port and only redirects on `port`.
  const origin = tls ? `https://127.0.0.1:${port + 1}` : `http://127.0.0.1:${port}`;
  console.log(
    `\n== ${name}: nginx on ${origin}${basePath} (${brotli ? 'gzip and brotli' : 'gzip only'}), configuration in ${runtime}`,
  );

  let failures = 0;
  try {
    await startNginx({prefix: runtime, config: path.join(runtime, 'nginx.conf'), port, logs: folder});
    if (tls && !(await portInUse(port + 1))) throw new Error(`nginx does not listen on ${origin}`);
    const env = {
      NGINX_URL: origin,
      NGINX_BASE_PATH: basePath,
      NGINX_BUILD_DIR: path.resolve(buildDir),
      NGINX_BROTLI: brotli ? '1' : '0',
      NGINX_FRAME_ANCESTORS: frameAncestors,
      NGINX_PDF: pdf ? '1' : '0',
      // The HTTPS checks: the redirecting HTTP origin, and trust in the throw-away certificate.
      ...(tls && {NGINX_HTTP_URL: `http://127.0.0.1:${port}`, NODE_EXTRA_CA_CERTS: tls.certificate}),
    };
    // https.test.ts only in the HTTPS pass; the others in every pass.
    const tests = readdirSync(path.join(ROOT, 'tests', 'nginx')).filter(
      (file) => file.endsWith('.test.ts') && (tls || file !== 'https.test.ts'),
    );
    if ((await run('node', ['--import', 'tsx', '--test', ...tests.map((file) => `tests/nginx/${file}`)], {env})) !== 0)
      failures += 1;
    if (browser) {
      const e2e = {
        E2E_BASE_URL: `${origin}${basePath}`,
        E2E_CSP_SAMPLE: browser === 'sample' ? '1' : '',
        E2E_IGNORE_HTTPS_ERRORS: tls ? '1' : '',
      };
      const specs = ['tests/e2e/csp.spec.ts', 'tests/e2e/swagger-hosts.spec.ts'];
      if ((await run('npx', ['playwright', 'test', ...specs], {env: e2e})) !== 0) failures += 1;
    }
  } finally {
    await stopNginxAndWait();
  }
  const errors = readFileSync(path.join(folder, 'error.log'), 'utf8')
    .split('\n')
    .filter((line) => /\[(?:emerg|alert|crit|error)\]/.test(line));
  if (errors.length) {
    console.error(`nginx logged errors:\n${errors.join('\n')}`);
    failures += 1;
  }
  return failures;
}

/**
 * The root run again over HTTPS, with a throw-away certificate; the browser
 * check on a sample (the plain HTTP run visited every route).
 * @param {Site} root
 * @param {Options} options
 */
async function httpsPass(root, options) {
  if (await portInUse(root.port + 1)) throw new Error(`port ${root.port + 1} (HTTPS) is already in use`);
  const tlsDir = path.join(root.work, 'tls');
  mkdirSync(tlsDir);
  return serveAndCheck({
    ...root,
    name: 'https',
    browser: options.browser ? 'sample' : false,
    tls: makeCertificate(tlsDir),
  });
}

/**
 * The offline bundle as an administrator receives it: packed from the build by scripts/bundle.mjs,
 * unpacked, verified with sha256sum -c, and its site/ served with the nginx/ folder it carries.
 * @param {Site} root
 */
async function bundlePass(root) {
  const dist = path.join(root.work, 'dist');
  if ((await run('node', ['scripts/bundle.mjs', '--dir', root.buildDir, '--out', dist])) !== 0)
    throw new Error('scripts/bundle.mjs failed');
  const archive = readdirSync(dist).find((file) => file.endsWith('.tar.gz'));
  if (!archive) throw new Error(`scripts/bundle.mjs wrote no .tar.gz in ${dist}`);
  const unpacked = path.join(root.work, 'bundle');
  mkdirSync(unpacked);
  if ((await run('tar', ['-xzf', path.join(dist, archive), '-C', unpacked])) !== 0) throw new Error('tar failed');
  const [top] = readdirSync(unpacked);
  const bundle = path.join(unpacked, top);
  if ((await run('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], {cwd: bundle})) !== 0)
    throw new Error(`the bundle's SHA256SUMS does not verify (${archive})`);
  const deploy = path.join(bundle, 'nginx');
  return serveAndCheck({
    ...root,
    name: 'bundle',
    buildDir: path.join(bundle, 'site'),
    cspInclude: path.join(deploy, 'generated', 'csp-hashes.conf'),
    deploy,
    // The HTTP checks are the point here; the root pass ran the browser on the same files.
    browser: false,
  });
}

/**
 * The post-build steps the sub-path pass needs on a site-only build (`docusaurus build`, or
 * `npm run build --ignore-scripts`): its CSP hashes, and gzip copies only, as in the container
 * image (no brotli module there; the root run covers brotli). No PDFs: the root run checks them.
 * @param {string} subBuild
 * @param {string} subCsp
 */
async function makeServable(subBuild, subCsp) {
  checkComplete(subBuild);
  if ((await run('node', ['scripts/csp-hashes.mjs', '--dir', subBuild, '--out', subCsp])) !== 0)
    throw new Error('csp-hashes failed');
  if ((await run('node', ['scripts/precompress.mjs', '--dir', subBuild, '--no-brotli'])) !== 0)
    throw new Error('precompress failed');
  return {subBuild, subCsp};
}

/**
 * A build for `basePath` made here.
 * @param {string} work
 * @param {string} basePath
 */
async function buildFor(work, basePath) {
  const subBuild = path.join(work, 'sub-path-build');
  if ((await run('npx', ['docusaurus', 'build', '--out-dir', subBuild], {env: {BASE_URL: basePath}})) !== 0)
    throw new Error('sub-path build failed');
  return makeServable(subBuild, path.join(work, 'sub-path-csp-hashes.conf'));
}

/**
 * A finished site-only build for `basePath` in the project folder `dir` (a source archive, as
 * npm run test:builds leaves it with SEERBOX_KEEP_ARCHIVE).
 * @param {string} dir
 * @param {string} basePath
 */
async function builtFor(dir, basePath) {
  const subBuild = path.join(dir, 'build');
  checkComplete(subBuild);
  const home = readFileSync(path.join(subBuild, 'index.html'), 'utf8');
  if (!home.includes(`href="${basePath}`) && !home.includes(`href=${basePath}`))
    throw new Error(`the build in ${subBuild} was not made for ${basePath} (BASE_URL=${basePath} npm run build)`);
  return makeServable(subBuild, path.join(dir, 'deploy', 'nginx', 'generated', 'csp-hashes.conf'));
}

/** @param {Options} options */
async function main(options) {
  for (const [command, hint] of [
    ['nginx', 'apt-get install nginx'],
    ['envsubst', 'apt-get install gettext-base'],
    ...(options.https ? [['openssl', 'apt-get install openssl']] : []),
  ]) {
    if (!which(command)) {
      console.error(`test-nginx: ${command} not found (Debian: ${hint})`);
      return 1;
    }
  }
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'seerbox-nginx-'));
  stopNginxOnExit(() => {
    if (!options.keep) rmSync(work, {recursive: true, force: true});
  });
  let failures = 0;
  try {
    const buildDir = path.join(ROOT, 'build');
    const cspInclude = path.join(DEPLOY, 'generated', 'csp-hashes.conf');
    if (options.build && (await run('npm', ['run', 'build'])) !== 0) throw new Error('npm run build failed');
    checkBuild(buildDir, cspInclude);
    const root = {
      work,
      name: 'root',
      buildDir,
      cspInclude,
      basePath: '/',
      port: options.port,
      frameAncestors: "'none'",
      brotli: existsSync(BROTLI_MODULE),
      pdf: true,
    };
    failures += await serveAndCheck({...root, browser: options.browser ? 'all' : false});
    if (options.https) failures += await httpsPass(root, options);
    if (options.bundle) failures += await bundlePass(root);

    if (options.subPath) {
      const {subBuild, subCsp} = options.subPathFrom
        ? await builtFor(options.subPathFrom, options.subPath)
        : await buildFor(work, options.subPath);
      failures += await serveAndCheck({
        work,
        name: 'sub-path',
        buildDir: subBuild,
        cspInclude: subCsp,
        basePath: options.subPath,
        port: options.port,
        // An origin instead of 'none', to show the setting reaches the header.
        frameAncestors: 'https://seerbox.example.internal',
        brotli: false,
        // Printing the manuals again would only repeat the root run's check of them.
        pdf: false,
        // The root run visits every route; here one of each kind per language.
        browser: options.browser ? 'sample' : false,
      });
    }
  } catch (error) {
    console.error(`test-nginx: ${messageOf(error)}`);
    failures += 1;
  } finally {
    await stopNginxAndWait();
    if (options.keep) console.log(`test-nginx: kept ${work}`);
    else rmSync(work, {recursive: true, force: true});
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failures) {
    console.error(`\ntest-nginx: FAILED (${failures} failing step(s)) in ${seconds} s`);
    return 1;
  }
  console.log(`\ntest-nginx: all nginx checks passed in ${seconds} s`);
  return 0;
}

runCli(import.meta.url, command, (values) => main(toOptions(values)));
