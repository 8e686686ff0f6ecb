import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {randomBytes} from 'node:crypto';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {COMPRESSIBLE, compressFile, precompress} from '../../scripts/precompress.mjs';
import {tempDir} from '../support/temp';

const script = path.resolve('scripts/precompress.mjs');
const text = (words: number) => Array.from({length: words}, (_, i) => `word${i % 50}`).join(' ');

function fakeBuild(): string {
  const dir = tempDir('precompress');
  mkdirSync(path.join(dir, 'assets', 'js'), {recursive: true});
  writeFileSync(path.join(dir, 'index.html'), `<html><body>${text(2000)}</body></html>`);
  writeFileSync(path.join(dir, 'assets', 'js', 'main.0123abcd.js'), `var a = "${text(3000)}";`);
  writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');
  writeFileSync(path.join(dir, 'logo.png'), text(2000));
  writeFileSync(path.join(dir, 'random.json'), randomBytes(4096));
  return dir;
}

test('COMPRESSIBLE: the text types of the build, not images or fonts', () => {
  for (const name of ['a.html', 'a.js', 'a.css', 'a.json', 'a.svg', 'openapi.yaml', 'sitemap.xml', 'a.txt'])
    assert.match(name, COMPRESSIBLE);
  for (const name of ['a.png', 'a.woff2', 'a.html.gz', 'a.js.br', 'a.jpg']) assert.doesNotMatch(name, COMPRESSIBLE);
});

test('compressFile: gzip and brotli copies that decompress to the original, with its mtime', async () => {
  const dir = fakeBuild();
  const file = path.join(dir, 'index.html');
  utimesSync(file, new Date('2025-01-02T03:04:05Z'), new Date('2025-01-02T03:04:05Z'));
  const result = await compressFile(file);
  const original = readFileSync(file);
  assert.equal(result.size, original.length);
  assert.ok(gunzipSync(readFileSync(`${file}.gz`)).equals(original));
  assert.ok(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original));
  assert.equal(result.gzip, statSync(`${file}.gz`).size);
  assert.ok(result.brotli! < result.gzip!, 'brotli beats gzip on text');
  assert.equal(statSync(`${file}.gz`).mtimeMs, statSync(file).mtimeMs);
  assert.equal(statSync(`${file}.br`).mtimeMs, statSync(file).mtimeMs);
});

test('compressFile: small and incompressible files get no copies, and stale ones go', async () => {
  const dir = fakeBuild();
  const small = path.join(dir, 'small.css');
  writeFileSync(`${small}.gz`, 'stale');
  assert.deepEqual(await compressFile(small), {size: 12, gzip: null, brotli: null});
  assert.equal(existsSync(`${small}.gz`), false);
  const random = await compressFile(path.join(dir, 'random.json'));
  assert.equal(random.gzip, null);
  assert.equal(existsSync(path.join(dir, 'random.json.gz')), false);
  // Without a minimum size, a 12-byte file still gets no gzip copy: gzip's header alone is bigger.
  assert.equal((await compressFile(small, {minSize: 0})).gzip, null);
});

test('compressFile: a content already compressed in the run is not compressed again', async () => {
  const dir = fakeBuild();
  mkdirSync(path.join(dir, 'it', 'assets', 'js'), {recursive: true});
  const english = path.join(dir, 'assets', 'js', 'main.0123abcd.js');
  const italian = path.join(dir, 'it', 'assets', 'js', 'main.0123abcd.js');
  writeFileSync(italian, readFileSync(english));
  const cache = new Map();
  await compressFile(english, {cache});
  await compressFile(italian, {cache});
  await compressFile(path.join(dir, 'index.html'), {cache});
  assert.equal(cache.size, 2, 'one entry for the two identical files, one for the page');
  for (const file of [english, italian]) {
    assert.ok(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(english)));
    assert.ok(gunzipSync(readFileSync(`${file}.gz`)).equals(readFileSync(english)));
  }
  // Copies asked for without brotli are another entry: a .br from the first run is not reused.
  await compressFile(italian, {cache, brotli: false});
  assert.equal(cache.size, 3);
  assert.equal(existsSync(`${italian}.br`), false);
});

test('precompress: every eligible file, totals, orphans and --no-brotli', async () => {
  const dir = fakeBuild();
  writeFileSync(path.join(dir, 'gone.html.gz'), 'orphan');
  const totals = await precompress(dir);
  assert.equal(totals.files, 4, 'html, js, css, json (not png)');
  assert.equal(totals.compressed, 2);
  assert.equal(totals.removed, 1);
  assert.ok(totals.gzip < totals.size && totals.brotli < totals.gzip);
  assert.ok(existsSync(path.join(dir, 'assets/js/main.0123abcd.js.br')));
  assert.equal(existsSync(path.join(dir, 'logo.png.gz')), false);
  assert.equal(existsSync(path.join(dir, 'gone.html.gz')), false);

  await precompress(dir, {brotli: false});
  assert.equal(existsSync(path.join(dir, 'index.html.br')), false);
  assert.ok(existsSync(path.join(dir, 'index.html.gz')));
});

test('command line: bad options are refused with exit 2 and a reason', () => {
  for (const [args, reason] of [
    [['--min-size', '1k'], /--min-size needs a whole number, got "1k"/],
    [['--min-size'], /'--min-size <value>' argument missing/],
    [['--brotli'], /Unknown option '--brotli'/],
  ] as const) {
    const result = spawnSync(process.execPath, [script, ...args], {encoding: 'utf8'});
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, reason);
  }
});

test('command line: exit 0 with a summary, 2 on bad arguments, 1 on a missing folder', () => {
  const dir = fakeBuild();
  const ok = spawnSync(process.execPath, [script, '--dir', dir], {encoding: 'utf8'});
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /2 of 4 text files compressed/);
  const bad = spawnSync(process.execPath, [script, '--min-size', '-1'], {encoding: 'utf8'});
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /'--min-size' argument is ambiguous/);
  const missing = spawnSync(process.execPath, [script, '--dir', path.join(dir, 'nope')], {encoding: 'utf8'});
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /is not a folder/);
});
