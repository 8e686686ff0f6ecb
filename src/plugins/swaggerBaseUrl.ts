import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The stand-alone Swagger UI page, as copied from static/ into each locale's build. */
export const SWAGGER_PAGE = path.join('swagger', 'index.html');

/**
 * Gives the Swagger page a `<base href>` at the site's base URL, so its relative URLs
 * (vendor/…, swagger-initializer.js, openapi.yaml, ../img/…) resolve to the same files whether
 * the page is reached as /swagger/index.html, /swagger/, /swagger or /swagger/index: hosts that
 * drop `.html` or a trailing slash (`docusaurus serve`, many static hosts) would otherwise load
 * them one folder too high.
 */
export function withBaseHref(html: string, baseUrl: string): string {
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/'))
    throw new Error(`Swagger page: base URL must start and end with "/", got "${baseUrl}"`);
  if (/<base\s/i.test(html)) throw new Error('Swagger page: it already has a <base> element');
  const head = /<head>\s*/i.exec(html);
  if (!head) throw new Error('Swagger page: no <head> found');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}<base href="${baseUrl}swagger/" />\n    ${html.slice(at)}`;
}

/** Rewrites build/swagger/index.html (and build/it/swagger/index.html) after each locale's build. */
export default function swaggerBaseUrlPlugin(): Plugin {
  return {
    name: 'seerbox-swagger-base-url',
    async postBuild({outDir, baseUrl}) {
      const file = path.join(outDir, SWAGGER_PAGE);
      await writeFile(file, withBaseHref(await readFile(file, 'utf8'), baseUrl));
    },
  };
}
