import {spawn, type ChildProcess} from 'node:child_process';
import type {Page} from '@playwright/test';
import {test, expect} from './helpers';
import {sparePort} from './servers';

/**
 * The Swagger page is a stand-alone file: hosts that drop `.html` or the trailing slash used to
 * resolve its relative URLs one folder too high (a blank page). Every form must load it, on our
 * preview server (`npm run serve`), on the stock `docusaurus serve`, and on nginx at the root and
 * under a sub-path (`npm run test:nginx` runs this file with E2E_BASE_URL).
 */
const forms = ['swagger/index.html', 'swagger/', 'swagger', 'swagger/index', 'it/swagger/index.html'];

async function expectSwagger(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Seer Box REST API');
  await expect(page.locator('.opblock').first()).toBeVisible();
}

/** `form` under the base URL, which may carry a sub-path (`http://host/docs/`). */
const under = (baseURL: string, form: string) => new URL(form, baseURL.endsWith('/') ? baseURL : `${baseURL}/`).href;

for (const form of forms) {
  test(`the Swagger page loads at /${form}`, async ({page, baseURL}) => {
    await expectSwagger(page, under(baseURL!, form));
  });
}

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

  for (const form of forms) {
    test(`docusaurus serve: the Swagger page loads at /${form}`, async ({page, baseURL}) => {
      await expectSwagger(page, under(baseURL!, form));
    });
  }
});

test('npm run serve answers an unknown Italian path with the Italian not-found page and 404', async ({page, watch}) => {
  test.skip(!!process.env.E2E_BASE_URL, 'the nginx checks cover this (tests/nginx)');
  watch.expectedNotFound.push('/it/pagina-che-non-esiste');
  const response = await page.goto('/it/pagina-che-non-esiste');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});
