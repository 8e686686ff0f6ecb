import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {test, expect, siteRoutes, locales, localePath} from './helpers';

/** Front matter of a Markdown file. */
function frontMatter(file: string): Record<string, unknown> {
  const match = readFileSync(file, 'utf8').match(/^---\n([\s\S]*?)\n---/);
  if (!match) throw new Error(`${file} has no front matter`);
  return yaml.load(match[1]) as Record<string, unknown>;
}

const italianDocs = 'i18n/it/docusaurus-plugin-content-docs/current';

test.describe('sitemaps, robots.txt and social card', () => {
  for (const locale of locales) {
    test(`the ${locale} sitemap lists exactly the ${locale} pages`, async ({page}) => {
      const response = await page.request.get(localePath('/sitemap.xml', locale));
      expect(response.status()).toBe(200);
      const xml = await response.text();
      const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname).sort();
      const expected = siteRoutes.map((route) => localePath(route.path, locale)).sort();
      expect(listed).toEqual(expected);
    });
  }

  test('robots.txt allows the site, keeps crawlers off search results and names both sitemaps', async ({page}) => {
    const response = await page.request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /search');
    expect(lines).toContain('Disallow: /it/search');
    const sitemaps = lines
      .filter((line) => line.startsWith('Sitemap: '))
      .map((line) => new URL(line.slice(9)).pathname);
    expect(sitemaps).toEqual(['/sitemap.xml', '/it/sitemap.xml']);
  });

  test("/favicon.ico exists: browsers ask for it before they read the page's SVG icon", async ({page}) => {
    const response = await page.request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/x-icon');
    const body = await response.body();
    // ICO header (reserved 0, type 1, one image) followed by a PNG image.
    expect(body.subarray(0, 6).toString('hex')).toBe('000001000100');
    expect(body.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  test('the social card is our own 1200 x 630 image', async ({page}) => {
    const response = await page.request.get('/img/social-card.jpg');
    expect(response.status()).toBe(200);
    const body = await response.body();
    // JPEG start-of-image marker, then the frame size from the first SOF0/SOF2 segment.
    expect(body.subarray(0, 2).toString('hex')).toBe('ffd8');
    let offset = 2;
    let size: [number, number] | null = null;
    while (offset < body.length && !size) {
      const marker = body[offset + 1];
      const length = body.readUInt16BE(offset + 2);
      if (marker === 0xc0 || marker === 0xc2) size = [body.readUInt16BE(offset + 7), body.readUInt16BE(offset + 5)];
      offset += 2 + length;
    }
    expect(size).toEqual([1200, 630]);
  });
});

test.describe('meta descriptions come from front matter', () => {
  const pages = [
    {path: '/main/architecture', en: 'docs/main/architecture.md', it: `${italianDocs}/main/architecture.md`},
    {path: '/api/assets/hosts', en: 'docs/api/assets/hosts.md', it: `${italianDocs}/api/assets/hosts.md`},
  ];
  for (const locale of locales) {
    for (const entry of pages) {
      test(`${localePath(entry.path, locale)}`, async ({page}) => {
        const expected = frontMatter(entry[locale]).description as string;
        expect(expected.length).toBeGreaterThan(40);
        await page.goto(localePath(entry.path, locale));
        await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', expected);
        await expect(page.locator('head meta[property="og:description"]')).toHaveAttribute('content', expected);
      });
    }
  }

  test('the search pages describe themselves in their language', async ({page}) => {
    await page.goto('/search');
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /^Search the Seer Box/);
    await page.goto('/it/search');
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /^Cerca nella guida/);
  });
});
