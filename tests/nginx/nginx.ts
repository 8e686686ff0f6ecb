// The shipped nginx configuration (deploy/nginx) rendered and started on a loopback port with
// Debian's nginx, for the nginx tier (passes.test.ts) and its unit tests. The templates are
// rendered with envsubst, replacing only the declared variables, as the container image does.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import {connect} from 'node:net';
import path from 'node:path';
import {listFiles} from '../../scripts/lib/files.mjs';

export const DEPLOY = path.resolve(import.meta.dirname, '../../deploy/nginx');

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
] as const;

/** Where Debian's brotli static module lives. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** One year, the default HSTS max-age of the image and of the checks. */
export const HSTS_MAX_AGE = '31536000';

/**
 * Throws on a missing or unsafe value (a quote or a semicolon could change the configuration's meaning).
 */
export function checkVariables(values: Record<string, string>): void {
  for (const name of TEMPLATE_VARIABLES) {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${name} is not set`);
    if (/[;{}"\n\\$]/.test(value)) throw new Error(`${name} contains a character nginx would misread: ${value}`);
  }
  if (!/^\/(?:[A-Za-z0-9_-]+\/)*$/.test(values.SEERBOX_BASE_PATH)) {
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

/** Renders one template with envsubst, replacing only TEMPLATE_VARIABLES. */
function renderTemplate(template: string, values: Record<string, string>): string {
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

/** Renders every template under `templates` into `outDir`, keeping sub-folders (like the image's entrypoint). */
export function renderTemplates(templates: string, outDir: string, values: Record<string, string>): string[] {
  return listFiles(templates, /\.template$/).map((template) => {
    const target = path.join(outDir, path.relative(templates, template).replace(/\.template$/, ''));
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, renderTemplate(template, values));
    return target;
  });
}

/** The template values of the TLS mode: off, or on with the HTTPS server on `httpsPort` (the port after `port`). */
export function tlsValues(tls: Tls | null, port: number, httpsPort = port + 1) {
  return {
    SEERBOX_TLS: tls ? 'on' : 'off',
    // With TLS off these are not read, but every variable must have a value.
    SEERBOX_TLS_LISTEN: tls ? `127.0.0.1:${httpsPort}` : '8443',
    SEERBOX_HTTPS_PORT: tls ? String(httpsPort) : '443',
    SEERBOX_TLS_CERTIFICATE: tls?.certificate ?? '/nonexistent/tls.crt',
    SEERBOX_TLS_CERTIFICATE_KEY: tls?.key ?? '/nonexistent/tls.key',
    SEERBOX_HSTS_MAX_AGE: HSTS_MAX_AGE,
  };
}

/** The host name the Observatory scans, which resolves to loopback only inside its namespace (observatory.ts). */
export const SCAN_HOST = 'docs.seerbox.test';

/** The throw-away TLS files: the server's certificate and key, and the test CA that signed the certificate. */
export type Tls = {certificate: string; key: string; ca: string};

/**
 * A throw-away test CA, valid for a day, and a server certificate it signs for 127.0.0.1, localhost and
 * SCAN_HOST: a CA, not a self-signed server certificate, so clients trust it as they would a real one.
 */
export function makeCertificate(dir: string): Tls {
  const [ca, caKey, certificate, key] = ['ca.crt', 'ca.key', 'tls.crt', 'tls.key'].map((file) => path.join(dir, file));
  // No argument here holds a space, so the commands read as they would in a shell.
  const newKey = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1';
  const steps = [
    `req -x509 ${newKey} -subj /CN=Seer-Box-docs-test-CA -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign -keyout ${caKey} -out ${ca}`,
    `req -x509 -CA ${ca} -CAkey ${caKey} ${newKey} -subj /CN=${SCAN_HOST} -addext subjectAltName=DNS:${SCAN_HOST},IP:127.0.0.1,DNS:localhost -addext basicConstraints=CA:FALSE -keyout ${key} -out ${certificate}`,
  ];
  for (const step of steps) {
    const result = spawnSync('openssl', step.split(' '), {encoding: 'utf8'});
    if (result.error) throw new Error(`openssl: ${result.error.message} (Debian: apt-get install openssl)`);
    if (result.status !== 0) throw new Error(`openssl could not make a certificate:\n${result.stderr}`);
  }
  chmodSync(dir, 0o755);
  chmodSync(key, 0o644); // read by nginx only when started as root, before it drops privileges; a test key
  return {certificate, key, ca};
}

/**
 * Copies a build to where nginx serves it, readable by everyone. nginx started as root runs
 * its workers as an unprivileged user (`nobody`), which cannot read a checkout under /root
 * or any other private folder: serving the build in place answered every request with 403.
 */
export function stageDocroot(buildDir: string, docroot: string, basePath = '/'): void {
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`${buildDir} holds no built site`);
  cpSync(buildDir, path.join(docroot, basePath), {recursive: true});
  chmodSync(docroot, 0o755);
  for (const entry of readdirSync(docroot, {recursive: true, withFileTypes: true})) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

const portInUse = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({port, host: '127.0.0.1'});
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** nginx processes still running, stopped on exit and on Ctrl-C whatever the tests were doing. */
const running = new Set<ChildProcess>();
const stopAll = () => running.forEach((child) => child.kill('SIGTERM'));
/**
 * Exit and Ctrl-C handlers, registered by the tier's runner and with the first nginx: importing
 * this module (the unit tests do) changes nothing.
 */
let stopsOnExit = false;
export function stopOnExit(): void {
  if (stopsOnExit) return;
  stopsOnExit = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopAll();
      process.exit(130);
    });
  }
}

export type Site = {
  /** A folder of its own: staged build, configuration, logs. */
  folder: string;
  buildDir: string;
  /** The CSP include the build's postbuild step wrote (build/.seerbox/csp-hashes.conf). */
  cspInclude: string;
  basePath: string;
  port: number;
  /** With TLS: the HTTPS port, else the one after `port`. */
  httpsPort?: number;
  frameAncestors: string;
  brotli: boolean;
  tls?: Tls | null;
  /** The nginx folder to serve with: the repository's, or the one an offline bundle carries. */
  deploy?: string;
};

/**
 * Renders the configuration for a build into its folder and starts nginx in the foreground;
 * resolves once it answers, with its origin, the errors it logged so far, and how to stop it.
 */
export async function startNginx({
  folder,
  buildDir,
  cspInclude,
  basePath,
  port,
  httpsPort = port + 1,
  frameAncestors,
  brotli,
  tls = null,
  deploy = DEPLOY,
}: Site) {
  const conf = path.join(folder, 'conf');
  const runtime = path.join(folder, 'run');
  // nginx maps URL paths onto the file system: the build sits under the base path in the root.
  const docroot = path.join(folder, 'www');
  stageDocroot(buildDir, docroot, basePath);
  for (const dir of [conf, runtime, path.join(conf, 'generated')]) mkdirSync(dir, {recursive: true});
  // Workers run as an unprivileged user when nginx starts as root.
  for (const dir of [path.dirname(folder), folder, conf, runtime]) chmodSync(dir, 0o755);
  copyFileSync(path.join(deploy, 'mime.types'), path.join(conf, 'mime.types'));
  copyFileSync(cspInclude, path.join(conf, 'generated', 'csp-hashes.conf'));
  if (brotli) {
    mkdirSync(path.join(conf, 'modules.d'));
    mkdirSync(path.join(conf, 'compression.d'));
    writeFileSync(path.join(conf, 'modules.d', 'brotli.conf'), `load_module ${BROTLI_MODULE};\n`);
    copyFileSync(path.join(deploy, 'optional', 'brotli.conf'), path.join(conf, 'compression.d', 'brotli.conf'));
  }
  renderTemplates(path.join(deploy, 'templates'), runtime, {
    SEERBOX_LISTEN: `127.0.0.1:${port}`,
    SEERBOX_ROOT: path.resolve(docroot),
    SEERBOX_BASE_PATH: basePath,
    SEERBOX_FRAME_ANCESTORS: frameAncestors,
    SEERBOX_CONNECT_SRC: "'self'",
    SEERBOX_CONF_DIR: conf,
    SEERBOX_RUNTIME_DIR: runtime,
    ...tlsValues(tls, port, httpsPort),
  });
  for (const used of tls ? [port, httpsPort] : [port]) {
    if (await portInUse(used)) throw new Error(`port ${used} is already in use: stop what listens there`);
  }
  const config = path.join(runtime, 'nginx.conf');
  const test = spawnSync('nginx', ['-t', '-q', '-e', 'stderr', '-p', runtime, '-c', config], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (test.error) throw new Error(`nginx: ${test.error.message} (Debian: apt-get install nginx)`);
  if (test.status !== 0) throw new Error(`nginx -t rejects the rendered configuration:\n${test.stderr}`);
  // stdout to a file: nginx opens /dev/stdout for the access log, which fails on Node's socket pipes.
  const errorLog = path.join(folder, 'error.log');
  const child = spawn('nginx', ['-e', 'stderr', '-p', runtime, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', openSync(path.join(folder, 'access.log'), 'a'), openSync(errorLog, 'a')],
  });
  stopOnExit();
  running.add(child);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (!running.delete(child)) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const origin = tls ? `https://127.0.0.1:${httpsPort}` : `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if ((await portInUse(port)) && (!tls || (await portInUse(httpsPort)))) {
      const errors = () =>
        readFileSync(errorLog, 'utf8')
          .split('\n')
          .filter((line) => /\[(?:emerg|alert|crit|error)\]/.test(line));
      return {origin, runtime, stop, errors};
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start on port ${port}:\n${readFileSync(errorLog, 'utf8')}`);
}
