// Reproducible builds: the committed sources, cloned into two folders of different names and
// built there with the same SOURCE_DATE_EPOCH (the commit's time), give byte-identical files:
// the site, its PDF manuals and compressed copies, the CSP include (in build/.seerbox/), and the
// offline bundle's .tar.gz and .zip. Slow (two production builds with the manuals): run by `npm run test:builds`.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, {cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  const output = `${result.stdout}\n${result.stderr}`;
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed in ${cwd}:\n${output.slice(-3000)}`);
  return result.stdout.trim();
}

/** SHA-256 of every file under `dir`, by relative path. */
function digests(dir: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of readdirSync(dir, {recursive: true, encoding: 'utf8'}).sort()) {
    const file = path.join(dir, entry);
    if (statSync(file).isFile())
      map.set(entry, createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return map;
}

/** The files whose bytes differ, or that exist in one folder only (the first 40: enough to tell why). */
function differences(a: string, b: string): string[] {
  const left = digests(a);
  const right = digests(b);
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  const differ = names.filter((name) => left.get(name) !== right.get(name));
  return differ.length > 40 ? [...differ.slice(0, 40), `... ${differ.length} in all`] : differ;
}

test('two builds of the same commit in different folders are byte-identical', {timeout: 45 * 60_000}, (t) => {
  const commit = sh('git', ['rev-parse', 'HEAD'], root);
  const epoch = sh('git', ['log', '-1', '--format=%ct', commit], root);
  const env = {...process.env, SOURCE_DATE_EPOCH: epoch};
  // Different names and depths: nothing of the folder's path may reach the output.
  const folders = ['a', 'a-longer-folder-name/nested'].map((name) => {
    const parent = mkdtempSync(path.join(tmpdir(), 'seerbox-repro-'));
    // SEERBOX_KEEP_REPRO=1 keeps both folders, to compare what differs (diffoscope, cmp).
    if (!process.env.SEERBOX_KEEP_REPRO) t.after(() => rmSync(parent, {recursive: true, force: true}));
    const work = path.join(parent, name);
    // A clone with its history: the "Last updated" dates come from git, as in a real build.
    sh('git', ['clone', '--quiet', '--shared', '--no-checkout', root, work], parent);
    sh('git', ['checkout', '--quiet', commit], work);
    // Its own node_modules, as after npm ci: a symlink to the repository's would put a path that
    // depends on the folder's depth (../../work/...node_modules) into every module's identifier,
    // so Rspack's deterministic module ids, hence every chunk's hash, would differ. Hard links
    // where the file system allows them (seconds, no space), a copy elsewhere; not the cache.
    const modules = path.join(work, 'node_modules');
    const linked = spawnSync('cp', ['-al', path.join(root, 'node_modules'), modules]);
    if (linked.status !== 0) {
      rmSync(modules, {recursive: true, force: true});
      sh('cp', ['-a', path.join(root, 'node_modules'), modules], parent);
    }
    rmSync(path.join(modules, '.cache'), {recursive: true, force: true});
    // The whole release: site, CSP include, PDF manuals, compressed copies, then the bundle.
    sh('npm', ['run', 'build'], work, env);
    sh('node', ['scripts/bundle.mjs', '--out', 'dist'], work, env);
    return work;
  });
  const [a, b] = folders;
  const version = JSON.parse(readFileSync(path.join(a, 'package.json'), 'utf8')).version;
  for (const file of [`dist/seer-box-docs-${version}.tar.gz`, `dist/seer-box-docs-${version}.zip`]) {
    assert.ok(existsSync(path.join(a, file)), file);
  }
  assert.ok(existsSync(path.join(a, 'build', 'downloads', `seer-box-docs-${version}-en.pdf`)), 'the PDFs are built');
  assert.deepEqual(differences(path.join(a, 'build'), path.join(b, 'build')), [], 'build/ differs');
  assert.deepEqual(differences(path.join(a, 'dist'), path.join(b, 'dist')), [], 'dist/ differs');
});
