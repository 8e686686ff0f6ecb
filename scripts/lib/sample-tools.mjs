// The checks of scripts/check-samples.mjs that run a real tool (bash, ShellCheck, nginx, Apache
// with ModSecurity, HAProxy) on a throw-away configuration in a temporary folder. None of them
// starts a server or writes outside that folder.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * Runs a tool; `missing` when its binary is not installed.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {encoding: 'utf8', ...options});
  if (/** @type {NodeJS.ErrnoException | undefined} */ (result.error)?.code === 'ENOENT')
    return {missing: true, status: null, output: ''};
  return {missing: false, status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim()};
}

/**
 * The first existing path among candidates (binaries live in /usr/sbin, often not on a user's PATH).
 * @param {...string} candidates
 */
export function findBinary(...candidates) {
  for (const candidate of candidates) {
    if (candidate.includes('/')) {
      if (existsSync(candidate)) return candidate;
    } else {
      const found = (process.env.PATH ?? '')
        .split(':')
        .concat(['/usr/sbin', '/sbin'])
        .map((dir) => path.join(dir, candidate))
        .find((file) => existsSync(file));
      if (found) return found;
    }
  }
  return null;
}

/**
 * Points the absolute file paths a configuration names (/etc/..., /var/...) into `root`, a
 * throw-away tree, and creates what they name there: empty files for included rule or list
 * files, the test certificate for certificates and keys, folders for logs. The servers then
 * read and open only files of the test.
 * @param {string} config
 * @param {string} root
 * @param {string | Buffer} certificate
 */
export function sandboxPaths(config, root, certificate) {
  return config.replace(/(?<=^|[\s"'=:])\/(?:etc|var|run|usr\/local)\/[\w./@-]*[\w/]/gm, (file) => {
    if (file.startsWith('/usr/local/') && !/\.(conf|list|pem|crt|key)$/.test(file)) return file;
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), {recursive: true});
    if (file.endsWith('/')) mkdirSync(target, {recursive: true});
    else if (/\.(pem|crt|key)$/.test(file)) writeFileSync(target, certificate);
    else if (!existsSync(target)) writeFileSync(target, '');
    return target;
  });
}

/**
 * A self-signed certificate and its key in one PEM, made once per run with openssl.
 * @param {string} dir
 */
export function testCertificate(dir) {
  const file = path.join(dir, 'test.pem');
  if (existsSync(file)) return file;
  const made = run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-keyout',
    path.join(dir, 'test.key'),
    '-out',
    path.join(dir, 'test.crt'),
  ]);
  if (made.missing || made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.output}`);
  run('sh', ['-c', `cat "${dir}/test.crt" "${dir}/test.key" > "${file}"`]);
  return file;
}
