// The MDN HTTP Observatory's own scanner (@mdn/mdn-http-observatory, installed in tools/observatory
// with npm ci --ignore-scripts) run against the shipped configuration as a deployment serves it:
// HTTP on port 80 redirecting to HTTPS on 443, for a host name (SCAN_HOST) with a certificate the
// scanner trusts. All of it happens in a network and mount namespace of its own (unshare), where
// SCAN_HOST resolves to 127.0.0.1 (/etc/hosts bound over) and the scanner finds the test CA where
// its install step would have written its certificate bundle; nothing outside the namespace changes.
// passes.test.ts calls observatoryScan(); this file, run with --in-namespace, is the part inside.
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {SCAN_HOST, startNginx, type Site} from './nginx';

const root = path.resolve(import.meta.dirname, '../..');
export const SCANNER = path.join(root, 'tools/observatory/node_modules/@mdn/mdn-http-observatory');
const scannerModules = path.join(root, 'tools/observatory/node_modules');

/** One of the scanner's tests, as its CLI prints it. */
export type ScanTest = {expectation: string; pass: boolean; result: string; scoreModifier: number};
export type ScanResult = {
  scan: {grade: string; score: number; testsFailed: number; testsPassed: number; statusCode: number};
  tests: Record<string, ScanTest>;
  /** What nginx logged at level error or above while serving the scan. */
  nginxErrors: string[];
};

/** The serving settings of the pass, without its ports (80 and 443 here) and with TLS required. */
type ScanSite = Omit<Site, 'port' | 'httpsPort'> & {tls: NonNullable<Site['tls']>};

/** Serves the site in a namespace of its own and scans it there; resolves to the scanner's result. */
export function observatoryScan(site: ScanSite): Promise<ScanResult> {
  if (!existsSync(path.join(SCANNER, 'bin/wrapper.js'))) {
    throw new Error('the Observatory scanner is not installed: npm ci --prefix tools/observatory --ignore-scripts');
  }
  const args = ['--net', '--mount', '--', process.execPath, '--import', 'tsx', import.meta.filename];
  const child = spawn('unshare', [...args, '--in-namespace', JSON.stringify(site)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`unshare: ${error.message} (Debian: util-linux)`)));
    child.once('exit', (code) => {
      process.off('exit', stop);
      // The result is the last line; the scanner's own error ({"error": ...}) comes the same way.
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(last) as ScanResult);
      else reject(new Error(`the scan failed (exit ${code}):\n${output}`));
    });
  });
}

/** Runs a command that must succeed (namespace set-up). */
function must(command: string, args: string[]): void {
  const result = spawnSync(command, args, {encoding: 'utf8'});
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.error?.message ?? result.stderr}`);
}

/** Binds a copy of `folder`, with `files` added, over it: only this namespace sees the files. */
function overlay(folder: string, copy: string, files: Record<string, string>): void {
  cpSync(folder, copy, {recursive: true});
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(copy, file)), {recursive: true});
    writeFileSync(path.join(copy, file), text);
  }
  must('mount', ['--bind', copy, folder]);
}

async function inNamespace(site: ScanSite): Promise<void> {
  const work = path.join(site.folder, 'namespace');
  mkdirSync(work, {recursive: true});
  must('ip', ['link', 'set', 'lo', 'up']);
  writeFileSync(path.join(work, 'hosts'), `127.0.0.1 localhost ${SCAN_HOST}\n::1 localhost\n`);
  must('mount', ['--bind', path.join(work, 'hosts'), '/etc/hosts']);
  // bin/wrapper.js points NODE_EXTRA_CA_CERTS at this bundle, which the dependency's install step
  // downloads (Mozilla's intermediate certificates): here it holds the test CA instead.
  const bundle = path.join(scannerModules, 'node_extra_ca_certs_mozilla_bundle');
  overlay(bundle, path.join(work, 'ca-package'), {
    'ca_bundle/ca_intermediate_bundle.pem': readFileSync(site.tls.ca, 'utf8'),
  });
  // The HSTS preload list, which the package's install step downloads from Chromium: an empty one
  // when it is missing (SCAN_HOST is under .test, a reserved name no preload list holds).
  if (!existsSync(path.join(SCANNER, 'conf/hsts-preload.json'))) {
    overlay(path.join(SCANNER, 'conf'), path.join(work, 'conf'), {'hsts-preload.json': '{}\n'});
  }
  const nginx = await startNginx({...site, port: 80, httpsPort: 443});
  try {
    const scan = spawnSync(process.execPath, [path.join(SCANNER, 'bin/wrapper.js'), SCAN_HOST], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    // It prints {"error": ...} and exits with 1 when the site cannot be scanned.
    if (scan.status !== 0)
      throw new Error(`the scanner failed: ${scan.error?.message ?? ''}${scan.stdout}${scan.stderr}`);
    const result = JSON.parse(scan.stdout) as Omit<ScanResult, 'nginxErrors'>;
    await nginx.stop();
    console.log(JSON.stringify({...result, nginxErrors: nginx.errors()}));
  } finally {
    await nginx.stop();
  }
}

const flag = process.argv.indexOf('--in-namespace');
if (flag !== -1) {
  inNamespace(JSON.parse(process.argv[flag + 1]) as ScanSite).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
