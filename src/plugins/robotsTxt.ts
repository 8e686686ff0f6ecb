import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

type RobotsInput = {siteUrl: string; baseUrl: string; locales: string[]; defaultLocale: string};

/** The sitemap of each locale: the default one at the base URL, the others under their prefix. */
export function sitemapUrls({siteUrl, baseUrl, locales, defaultLocale}: RobotsInput): string[] {
  const origin = siteUrl.replace(/\/+$/, '');
  return locales.map((locale) =>
    locale === defaultLocale ? `${origin}${baseUrl}sitemap.xml` : `${origin}${baseUrl}${locale}/sitemap.xml`,
  );
}

/**
 * robots.txt: everything may be crawled except the search result pages
 * (endless query URLs with no content of their own); both sitemaps listed.
 */
export function robotsTxt(input: RobotsInput): string {
  if (!/^https?:\/\/[^/]+/.test(input.siteUrl))
    throw new Error(`robots.txt: site URL must be http(s)://host, got "${input.siteUrl}"`);
  if (!input.baseUrl.startsWith('/') || !input.baseUrl.endsWith('/')) {
    throw new Error(`robots.txt: base URL must start and end with "/", got "${input.baseUrl}"`);
  }
  const searchPages = input.locales.map((locale) =>
    locale === input.defaultLocale ? `${input.baseUrl}search` : `${input.baseUrl}${locale}/search`,
  );
  return [
    'User-agent: *',
    `Allow: ${input.baseUrl}`,
    ...searchPages.map((page) => `Disallow: ${page}`),
    '',
    ...sitemapUrls(input).map((url) => `Sitemap: ${url}`),
    '',
  ].join('\n');
}

/** Writes robots.txt at the root of the build (once, with the default locale's build). */
export default function robotsTxtPlugin(): Plugin {
  return {
    name: 'seerbox-robots-txt',
    async postBuild({outDir, siteConfig, i18n}) {
      if (i18n.currentLocale !== i18n.defaultLocale) return;
      const content = robotsTxt({
        siteUrl: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        locales: i18n.locales,
        defaultLocale: i18n.defaultLocale,
      });
      await mkdir(outDir, {recursive: true});
      await writeFile(path.join(outDir, 'robots.txt'), content);
    },
  };
}
