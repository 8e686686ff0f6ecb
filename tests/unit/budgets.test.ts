import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {randomBytes} from 'node:crypto';
import {fileForUrl, htmlAssets} from '../../scripts/lib/weights.mjs';
import {checkBuild, loadBudgets} from '../support/budgets';
import {tempDir} from '../support/temp';

const budgets = {
  firstLoadJsGzip: 4096,
  firstLoadCssGzip: 2048,
  htmlGzip: 8192,
  swaggerMarker: 'SwaggerUIBundle',
  swaggerPages: '^(it/)?swagger/index\\.html$',
  firstSearchGzip: 1,
  untilIdleGzip: 1,
};

/** Random base64 barely compresses: n characters weigh about 0.75 n bytes of gzip. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

function makeBuild(files: Record<string, string>): string {
  const dir = tempDir('budgets');
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

test('htmlAssets reads quoted and unquoted attributes, preloads and the app loader, not inline scripts', () => {
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
  });
  assert.equal(fileForUrl('/b', '/docs/x.js', '/docs/'), path.join('/b', 'x.js'));
  assert.equal(fileForUrl('/b', 'https://cdn.example/x.js'), null);
  assert.equal(fileForUrl('/b', '/other/x.js', '/docs/'), null);
});

test('a light build passes, and the heaviest pages are named', () => {
  const result = checkBuild({dir: makeBuild({...lightBuild, 'big/index.html': page(incompressible(3000))}), budgets});
  assert.deepEqual(result.problems, []);
  assert.equal(result.pages, 3);
  assert.equal(result.heaviestHtml.page, 'big/index.html');
  assert.ok(result.heaviestCss.css > 0);
});

test('each budget, exceeded, is reported with the page and the figures', () => {
  const dir = makeBuild({
    ...lightBuild,
    'heavy/index.html': page(`<script src=/assets/js/big.js></script><!-- ${incompressible(14000)} -->`),
    'assets/js/big.js': incompressible(8000),
    'styled/index.html': page('<link rel=stylesheet href=/assets/css/big.css>'),
    'assets/css/big.css': incompressible(3000),
  });
  const {problems} = checkBuild({dir, budgets});
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
  const {problems} = checkBuild({dir, budgets});
  const text = problems.join('\n');
  assert.match(text, /main\/page\/index\.html: loads Swagger UI files/);
  assert.match(text, /assets\/js\/chunk\.js: contains Swagger UI/);
  assert.match(text, /missing\/index\.html: names \/assets\/js\/gone\.js, which is not in the build/);
  assert.doesNotMatch(text, /it\/swagger/);
});

test('a budgets file that is not JSON or breaks its schema, and an empty build, give clear errors', () => {
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
  assert.throws(() => loadBudgets(path.join(badBudgets, 'c.json')), /is not valid JSON/);
  assert.equal(loadBudgets('budgets.json').swaggerPages, real.swaggerPages);
  assert.throws(() => checkBuild({dir: badBudgets, budgets}), /no HTML files in .*: run npm run build first/);
});
