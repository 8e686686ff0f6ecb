import {spawn, type ChildProcess} from 'node:child_process';
import type {APIRequestContext, Page} from '@playwright/test';
import * as cheerio from 'cheerio';
import {test, expect} from './helpers';
import {sparePort} from './servers';

/**
 * The Swagger page is a stand-alone file: hosts that drop `.html` or the trailing slash used to
 * resolve its relative URLs one folder too high (a blank page). Every form must load it, on our
 * preview server (`npm run serve`), on the stock `docusaurus serve`, and on nginx at the root and
 * under a sub-path (`npm run test:nginx` runs this file with E2E_BASE_URL).
 *
 * The browser renders the page at each language's canonical form. Every other form must serve the
 * same document whose URLs (the files it loads, its links, and through its <base> whatever its
 * scripts fetch) resolve to the same addresses, each file served: what the browser then does is
 * what it did at the canonical form. A missing or relative <base> fails there.
 */
const canonical = {en: 'swagger/index.html', it: 'it/swagger/index.html'};
const otherForms = ['swagger/', 'swagger', 'swagger/index'];

async function expectSwagger(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Seer Box REST API');
  await expect(page.locator('.opblock').first()).toBeVisible();
}

/**
 * The document served at `url` (redirects followed) and every URL in its markup, resolved as a
 * browser resolves them; the files it loads (scripts, styles, images) must be served.
 */
async function resolvedDocument(request: APIRequestContext, url: string): Promise<{html: string; urls: string[]}> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  const $ = cheerio.load(html);
  const base = new URL($('base').attr('href') ?? '', response.url());
  const resolve = (value: string) => new URL(value, base).href;
  const urls = $('[src], [href]:not(base)')
    .toArray()
    .map((element) => resolve($(element).attr('src') ?? $(element).attr('href')!));
  for (const file of $('script[src], link[href], img[src]').toArray()) {
    const address = resolve($(file).attr('src') ?? $(file).attr('href')!);
    expect((await request.get(address)).status(), `${address}, named by ${url}`).toBe(200);
  }
  return {html, urls};
}

/** `form` under the base URL, which may carry a sub-path (`http://host/docs/`). */
const under = (baseURL: string, form: string) => new URL(form, baseURL.endsWith('/') ? baseURL : `${baseURL}/`).href;

/** The browser at the canonical forms, then every other form against the English one. */
function swaggerFormTests(prefix: string) {
  for (const form of Object.values(canonical)) {
    test(`${prefix}the Swagger page loads at /${form}`, async ({page, baseURL}) => {
      await expectSwagger(page, under(baseURL!, form));
    });
  }
  test(`${prefix}/${otherForms.join(', /')} serve the page of /${canonical.en}, its files at the same addresses`, async ({
    request,
    baseURL,
  }) => {
    const expected = await resolvedDocument(request, under(baseURL!, canonical.en));
    expect(expected.urls.length, 'URLs in the page').toBeGreaterThan(4);
    for (const form of otherForms) {
      const served = await resolvedDocument(request, under(baseURL!, form));
      expect(served.html === expected.html, `/${form} serves the same document`).toBe(true);
      expect(served.urls, `/${form}: the page's URLs resolve as at /${canonical.en}`).toEqual(expected.urls);
    }
  });
}

swaggerFormTests('');

test.describe('under the stock docusaurus serve', () => {
  test.skip(!!process.env.E2E_BASE_URL, 'needs the local build; nginx runs the forms above');
  // One server for the whole group, in one worker.
  test.describe.configure({mode: 'serial'});
  const port = sparePort;
  test.use({baseURL: `http://127.0.0.1:${port}`});
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    server = spawn(
      process.execPath,
      [
        'node_modules/@docusaurus/core/bin/docusaurus.mjs',
        'serve',
        '--dir',
        'build',
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--no-open',
      ],
      {stdio: 'ignore'},
    );
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            (r) => r.status,
            () => 0,
          ),
        {timeout: 30_000},
      )
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill();
  });

  swaggerFormTests('docusaurus serve: ');
});

test('npm run serve answers an unknown Italian path with the Italian not-found page and 404', async ({page, watch}) => {
  test.skip(!!process.env.E2E_BASE_URL, 'the nginx checks cover this (tests/nginx)');
  watch.expectedNotFound.push('/it/pagina-che-non-esiste');
  const response = await page.goto('/it/pagina-che-non-esiste');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});
