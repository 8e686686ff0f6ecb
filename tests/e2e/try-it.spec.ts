import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {startMockApi, type MockApi} from '../support/mock-api';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

/**
 * "Try it out" on the Swagger page, against a mock of the API on another loopback port, under
 * the Content Security Policy of our nginx template (rendered here with SEERBOX_CONNECT_SRC set
 * or not): the request reaches only the address the reader typed, with the reader's token.
 */
const TOKEN = 'try-it-token';
const template = readFileSync(path.resolve('deploy/nginx/templates/seerbox/site.conf.template'), 'utf8');

/** The policy nginx sends, for a given SEERBOX_CONNECT_SRC (the Swagger page has no inline script). */
function policy(connectSrc: string) {
  const found = /add_header Content-Security-Policy "([^"]+)"/.exec(template);
  if (!found) throw new Error('no Content-Security-Policy in site.conf.template');
  return found[1]
    .replace('$seerbox_csp_script_hashes', '')
    .replace('${SEERBOX_FRAME_ANCESTORS}', "'none'")
    .replace('${SEERBOX_CONNECT_SRC}', connectSrc);
}

let mock: MockApi;
test.beforeAll(async () => {
  mock = await startMockApi({specPath: path.resolve(API_DEFINITION), token: TOKEN});
});
test.afterAll(() => mock.close());

async function open(page: Page, connectSrc: string) {
  expect(policy(connectSrc)).toContain(`connect-src ${connectSrc};`);
  // The reader's answer to Chromium's local-network prompt (the mock is on loopback, as an
  // appliance on the reader's network would be on a private address): allow.
  await page.context().grantPermissions(['local-network-access']);
  await page.route('**/swagger/index.html', async (route) => {
    const response = await route.fetch();
    await route.fulfill({response, headers: {...response.headers(), 'content-security-policy': policy(connectSrc)}});
  });
  await page.goto('/swagger/index.html');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Seer Box REST API');
}

async function execute(page: Page) {
  const block = page.locator('#operations-License-getLicense');
  await block.locator('.opblock-summary').click();
  await block.locator('.try-out__btn').click();
  await block.locator('.execute').click();
  return block;
}

test('with the API origin in connect-src, a request reaches the mock with the bearer token', async ({page}) => {
  await open(page, `'self' ${mock.origin}`);
  await page.fill('#sbx-origin', mock.origin);
  await page.fill('#sbx-token', TOKEN);
  const before = mock.received.length;
  const block = await execute(page);
  await expect.poll(() => mock.received.length).toBe(before + 1);
  expect(mock.received[before].operationId).toBe('getLicense');
  expect(mock.received[before].problems).toEqual([]);
  await expect(block.locator('.live-responses-table tbody .response-col_status')).toContainText('200');
});

test('without it, the CSP blocks the request and the page says why', async ({page}) => {
  await open(page, "'self'");
  await page.fill('#sbx-origin', mock.origin);
  await page.fill('#sbx-token', TOKEN);
  const before = mock.received.length;
  await execute(page);
  await expect(page.locator('#sbx-try-status')).toContainText('SEERBOX_CONNECT_SRC');
  expect(mock.received.length).toBe(before);
});

test('nothing is sent before the reader enters an address', async ({page}) => {
  await open(page, `'self' ${mock.origin}`);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const before = mock.received.length;
  await execute(page);
  await expect(page.locator('#sbx-try-status')).toContainText('nothing was sent');
  expect(mock.received.length).toBe(before);
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});

test('the token stays in the page unless the reader opts in', async ({page}) => {
  await open(page, "'self'");
  await page.fill('#sbx-token', TOKEN);
  const stored = () => page.evaluate(() => [JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join());
  expect(await stored()).not.toContain(TOKEN);
  await page.check('#sbx-remember');
  expect(await stored()).toContain(TOKEN);
  await page.reload();
  await expect(page.locator('#sbx-token')).toHaveValue(TOKEN);
  await page.uncheck('#sbx-remember');
  expect(await stored()).not.toContain(TOKEN);
});
