import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {randomBytes} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import {checkBuild, loadBudgets, parseArgs} from '../../scripts/check-budgets.mjs';
import {fileForUrl, htmlAssets} from '../../scripts/lib/weights.mjs';

const budgets = {
  firstLoadJsGzip: 4096,
  firstLoadCssGzip: 2048,
  htmlGzip: 8192,
  swaggerMarker: 'SwaggerUIBundle',
  swaggerPages: '^(it/)?swagger/index\\.html$',
  swaggerPattern: /^(it\/)?swagger\/index\.html$/,
};

/** Random base64 barely compresses: n characters weigh about 0.75 n bytes of gzip. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

function makeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const page = (extra = '') =>
  `<html><head><link rel=stylesheet href=/assets/css/styles.css /><script src=/assets/js/main.js defer></script>${extra}</head><body>hi</body></html>`;
const lightBuild = {
  'index.html': page(),
  'swagger/index.html': '<script src="vendor/swagger-ui-bundle.js"></script>',
  'assets/js/main.js': 'console.log(1)',
  'assets/css/styles.css': 'body{color:red}',
};

test('htmlAssets reads quoted and unquoted attributes, preloads, the app loader, and counts inline scripts', () => {
  const assets = htmlAssets(
    `<script src=/a.js defer></script><script>inline()</script><script type="application/ld+json">{}</script>` +
      `<link rel="preload" as="script" href="/b.js"><link rel=stylesheet href='/c.css'><link rel=preload as=image href=/d.svg>` +
      `<link REL="Stylesheet Alternate" href="/e.css"><link rel=modulepreload href=/f.js><script SRC=/a.js></script>` +
      `<!-- <script src=/commented.js></script> --><script type=module>inline()</script>` +
      `<script data-app="/g.js /a.js /h.js">load()</script>`,
  );
  assert.deepEqual(assets, {
    scripts: ['/a.js', '/b.js', '/f.js', '/g.js', '/h.js'],
    styles: ['/c.css', '/e.css'],
    inlineScripts: 3,
  });
  assert.equal(fileForUrl('/b', '/docs/x.js', '/docs/'), path.join('/b', 'x.js'));
  assert.equal(fileForUrl('/b', 'https://cdn.example/x.js'), null);
  assert.equal(fileForUrl('/b', '/other/x.js', '/docs/'), null);
});

test('a light build passes and its weights are reported', () => {
  const {report, problems} = checkBuild({dir: makeBuild(lightBuild), baseUrl: '/', budgets});
  assert.deepEqual(problems, []);
  const home = report.find((entry: {page: string}) => entry.page === 'index.html')!;
  assert.equal(home.js.files, 1);
  assert.equal(home.css.files, 1);
  assert.ok(home.js.gzip > 0 && home.css.gzip > 0);
});

test('each budget, exceeded, is reported with the page and the figures', () => {
  const dir = makeBuild({
    ...lightBuild,
    'heavy/index.html': page(`<script src=/assets/js/big.js></script><!-- ${incompressible(14000)} -->`),
    'assets/js/big.js': incompressible(8000),
    'styled/index.html': page('<link rel=stylesheet href=/assets/css/big.css>'),
    'assets/css/big.css': incompressible(3000),
  });
  const {problems} = checkBuild({dir, baseUrl: '/', budgets});
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems.join('\n'), /heavy\/index\.html: HTML is [\d.]+ KB gzip, over the 8\.0 KB budget/);
  assert.match(problems.join('\n'), /heavy\/index\.html: scripts are [\d.]+ KB gzip, over the 4\.0 KB budget/);
  assert.match(problems.join('\n'), /styled\/index\.html: stylesheets are [\d.]+ KB gzip, over the 2\.0 KB budget/);
});

test('Swagger UI outside the Swagger page is caught, in a page or bundled into the site', () => {
  const dir = makeBuild({
    ...lightBuild,
    'it/swagger/index.html': '<script src="vendor/swagger-ui-bundle.js"></script>',
    'main/page/index.html': page('<script src=/swagger/vendor/swagger-ui-bundle.js></script>'),
    'assets/js/chunk.js': 'window.SwaggerUIBundle = function () {}',
    'missing/index.html': page('<script src=/assets/js/gone.js></script>'),
  });
  const {problems} = checkBuild({dir, baseUrl: '/', budgets});
  const text = problems.join('\n');
  assert.match(text, /main\/page\/index\.html: loads Swagger UI files/);
  assert.match(text, /assets\/js\/chunk\.js: contains Swagger UI/);
  assert.match(text, /missing\/index\.html: names \/assets\/js\/gone\.js, which is not in the build/);
  assert.doesNotMatch(text, /it\/swagger/);
});

test('bad usage: arguments, budgets file and build folder give clear errors and exit 2', () => {
  assert.throws(() => parseArgs(['--dir']), /'--dir <value>' argument missing/);
  assert.throws(() => parseArgs(['--base-url', 'docs']), /must start and end with/);
  assert.throws(() => parseArgs(['--what']), /Unknown option '--what'/);
  const real = JSON.parse(readFileSync('budgets.json', 'utf8'));
  const badBudgets = makeBuild({
    'b.json': '{"firstLoadJsGzip": -1}',
    'c.json': 'not json',
    'd.json': JSON.stringify({...real, swaggerPages: '(', untilIdle: 1}),
  });
  assert.throws(() => loadBudgets(path.join(badBudgets, 'b.json')), /budgets\/firstLoadJsGzip must be >= 1/);
  assert.throws(() => loadBudgets(path.join(badBudgets, 'b.json')), /must have required property 'untilIdleGzip'/);
  assert.throws(() => loadBudgets(path.join(badBudgets, 'd.json')), /swaggerPages must match format "regex"/);
  assert.throws(() => loadBudgets(path.join(badBudgets, 'd.json')), /must NOT have additional properties/);
  assert.equal(loadBudgets('budgets.json').swaggerPattern.test('it/swagger/index.html'), true);
  assert.throws(() => loadBudgets(path.join(badBudgets, 'c.json')), /is not valid JSON/);
  const cli = spawnSync(process.execPath, ['scripts/check-budgets.mjs', '--dir', '/nonexistent-build'], {
    encoding: 'utf8',
  });
  assert.equal(cli.status, 2);
  assert.match(cli.stderr, /build folder not found: \/nonexistent-build/);
});

test('the CLI exits 1 when a budget is exceeded, 0 when all hold', () => {
  const heavy = makeBuild({...lightBuild, 'assets/css/styles.css': incompressible(45000)});
  const over = spawnSync(process.execPath, ['scripts/check-budgets.mjs', '--dir', heavy], {encoding: 'utf8'});
  assert.equal(over.status, 1, over.stderr);
  assert.match(over.stderr, /index\.html: stylesheets are/);
  const light = makeBuild(lightBuild);
  const ok = spawnSync(process.execPath, ['scripts/check-budgets.mjs', '--dir', light], {encoding: 'utf8'});
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /check-budgets: 2 pages/);
});
