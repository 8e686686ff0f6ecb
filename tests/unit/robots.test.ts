import {test} from 'node:test';
import assert from 'node:assert/strict';
import {robotsTxt, sitemapUrls} from '../../src/plugins/robotsTxt';

const site = {siteUrl: 'https://docs.example.org', baseUrl: '/', locales: ['en', 'it'], defaultLocale: 'en'};

test('robots.txt lists both sitemaps and keeps crawlers off search results', () => {
  assert.equal(
    robotsTxt(site),
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /search',
      'Disallow: /it/search',
      '',
      'Sitemap: https://docs.example.org/sitemap.xml',
      'Sitemap: https://docs.example.org/it/sitemap.xml',
      '',
    ].join('\n'),
  );
});

test('robots.txt follows a base path, and refuses bad settings', () => {
  const text = robotsTxt({...site, siteUrl: 'https://intra.example/', baseUrl: '/docs/'});
  assert.match(text, /^Allow: \/docs\/$/m);
  assert.match(text, /^Disallow: \/docs\/it\/search$/m);
  assert.deepEqual(sitemapUrls({...site, baseUrl: '/docs/'}), [
    'https://docs.example.org/docs/sitemap.xml',
    'https://docs.example.org/docs/it/sitemap.xml',
  ]);
  assert.throws(() => robotsTxt({...site, siteUrl: 'docs.example.org'}), /site URL must be http\(s\):\/\/host/);
  assert.throws(() => robotsTxt({...site, baseUrl: 'docs'}), /base URL must start and end with "\/"/);
});
