// Sitemaps, robots.txt, icons and descriptions, read from the build (npm run build first): files
// the server only hands out, so no browser is needed. nginx's media types: tests/nginx/http.test.ts.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {parseFrontMatter} from '../../scripts/lib/front-matter.mjs';
import {BUILD, builtFile} from '../support/build';
import {localePath, locales, siteRoutes} from '../support/routes';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const built = (file: string) => readFileSync(path.join(BUILD, file));

/** The description in a Markdown file's front matter. */
const description = (file: string) => parseFrontMatter(readFileSync(file, 'utf8')).fields.description;

for (const locale of locales) {
  test(`the ${locale} sitemap lists exactly the ${locale} pages`, () => {
    const $ = cheerio.load(built(localePath('/sitemap.xml', locale)), {xml: true});
    const listed = $('loc')
      .map((_, loc) => new URL($(loc).text()).pathname)
      .get()
      .sort();
    assert.deepEqual(listed, siteRoutes.map((route) => localePath(route.path, locale)).sort());
  });
}

test('robots.txt allows the site, keeps crawlers off search results and names both sitemaps', () => {
  const lines = built('robots.txt').toString('utf8').split('\n');
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /search', 'Disallow: /it/search']) {
    assert.ok(lines.includes(line), line);
  }
  const sitemaps = lines.filter((line) => line.startsWith('Sitemap: ')).map((line) => new URL(line.slice(9)).pathname);
  assert.deepEqual(sitemaps, ['/sitemap.xml', '/it/sitemap.xml']);
});

test('/.well-known/security.txt has the RFC 9116 fields, Expires ahead and Canonical at its own URL', () => {
  const text = built('.well-known/security.txt').toString('utf8');
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1];
  assert.match(field('Contact') ?? '', /^(mailto:|https:\/\/|tel:)/);
  const expires = new Date(field('Expires') ?? '');
  assert.ok(expires.getTime() > Date.now(), 'Expires is ahead');
  assert.equal(field('Preferred-Languages'), 'en, it');
  assert.equal(new URL(field('Canonical') ?? '').pathname, '/.well-known/security.txt');
});

test("/favicon.ico exists: browsers ask for it before they read the page's SVG icon", () => {
  const body = built('favicon.ico');
  // ICO header (reserved 0, type 1, one image) followed by a PNG image.
  assert.equal(body.subarray(0, 6).toString('hex'), '000001000100');
  assert.equal(body.subarray(22, 26).toString('latin1'), '\x89PNG');
});

test('the social card is our own 1200 x 630 image', () => {
  const body = built('img/social-card.jpg');
  // JPEG start-of-image marker, then the frame size from the first SOF0/SOF2 segment.
  assert.equal(body.subarray(0, 2).toString('hex'), 'ffd8');
  let offset = 2;
  let size: [number, number] | null = null;
  while (offset < body.length && !size) {
    const marker = body[offset + 1];
    if (marker === 0xc0 || marker === 0xc2) size = [body.readUInt16BE(offset + 7), body.readUInt16BE(offset + 5)];
    offset += 2 + body.readUInt16BE(offset + 2);
  }
  assert.deepEqual(size, [1200, 630]);
});

const italianDocs = ITALIAN_DOCS_DIR;
const described = [
  {path: '/main/architecture', en: 'docs/main/architecture.md', it: `${italianDocs}/main/architecture.md`},
  {path: '/api/assets/hosts', en: 'docs/api/assets/hosts.md', it: `${italianDocs}/api/assets/hosts.md`},
];
for (const locale of locales) {
  for (const entry of described) {
    test(`${localePath(entry.path, locale)}: meta and Open Graph descriptions come from the front matter`, () => {
      const expected = description(entry[locale]);
      assert.ok(expected.length > 40);
      const $ = cheerio.load(readFileSync(builtFile(localePath(entry.path, locale)), 'utf8'));
      assert.equal($('head meta[name="description"]').attr('content'), expected);
      assert.equal($('head meta[property="og:description"]').attr('content'), expected);
    });
  }
}

test('the search pages describe themselves in their language', () => {
  const meta = (route: string) =>
    cheerio
      .load(readFileSync(builtFile(route), 'utf8'))('head meta[name="description"]')
      .attr('content') ?? '';
  assert.match(meta('/search'), /^Search the Seer Box/);
  assert.match(meta('/it/search'), /^Cerca nella guida/);
});
