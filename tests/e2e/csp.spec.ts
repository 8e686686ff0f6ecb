// Every page under the Content-Security-Policy of the shipped nginx
// configuration. Runs only against a server given by E2E_BASE_URL (npm run
// test:nginx starts nginx and sets it); the test server sends no policy.
// A CSP violation is a console error (Chromium logs "Refused to ..."), which
// the `watch` fixture turns into a failure; the page's securitypolicyviolation
// events are recorded as well, to say exactly what was blocked.
import type {Page, Response} from '@playwright/test';
import {
  test,
  expect,
  siteRoutes,
  routes,
  locales,
  localePath,
  notFoundProbe,
  navigateInApp,
  countFullLoadFallback,
} from './helpers';
import {loadDefinition} from '../../src/plugins/api-reference/definition.mjs';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

const operationCount = (loadDefinition(API_DEFINITION) as {operations: unknown[]}).operations.length;

// Chromium sometimes asks for /favicon.ico at the root of the origin before it has
// read the page's <link rel="icon">. The site ships one, but under a sub-path it is
// /docs/favicon.ico and the browser's guess at the root is a 404 that is not ours.
test.beforeEach(({watch, baseURL}) => {
  if (new URL(baseURL!).pathname !== '/') watch.expectedNotFound.push('/favicon.ico');
});

/** A site path (`/main/x`) under the base path of the server (`/docs/main/x`). */
function under(baseURL: string | undefined, sitePath: string): string {
  return new URL(baseURL!).pathname.replace(/\/$/, '') + sitePath;
}

/** Records the page's CSP violations in window.__cspViolations, in every document it loads. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

/** A response's policy is strict: hashes for inline scripts, nothing unsafe, no other host. */
function expectStrictPolicy(csp: string | undefined | null): void {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp!)?.[1] ?? '';
  // WebAssembly (the search engine) may be compiled; JavaScript may never be evaluated from strings.
  expect(scriptSrc).toMatch(/^'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
  expect(csp).not.toMatch(/(?<!wasm-)unsafe-eval/);
  expect(csp).toMatch(/(?:^|;\s*)default-src 'self'(?:;|$)/);
}

/** The policy nginx sent with a page load. */
const policyOf = async (response: Response | null) => response?.headerValue('content-security-policy');

/** Waits until the page's deferred work is done: React started and hydrated the page. */
async function settle(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 20_000});
}

/**
 * E2E_CSP_SAMPLE=1 (the sub-path run of npm run test:nginx) visits one route of
 * each kind per language instead of all of them.
 */
const sample = process.env.E2E_CSP_SAMPLE === '1';
const sampled = sample
  ? siteRoutes.filter(
      (route, index, all) =>
        all.findIndex((other) => other.kind === route.kind && other.sidebar === route.sidebar) === index,
    )
  : siteRoutes;
/** Routes per test: one page visits them in turn, which is much faster than a fresh page for each. */
const CHUNK = 12;

/**
 * Each chunk's first route is loaded in full under the policy; the next ones are fetched (status
 * and policy checked) and reached through the router, as a reader's click would, so that their
 * code runs under the policy without a full load and hydration each. What a full load adds, a
 * page's own inline code, is checked for every route in Node: each inline script's hash against
 * the policy nginx sends (tests/nginx/http.test.ts), no event-handler attribute or javascript: URL
 * (tests/html/routes.test.ts).
 */
for (const locale of locales) {
  const paths = sampled.map((route) => localePath(route.path, locale));
  for (let start = 0; start < paths.length; start += CHUNK) {
    const chunk = paths.slice(start, start + CHUNK);
    test(`under the CSP, ${locale} routes ${start + 1}-${start + chunk.length} of ${paths.length}`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(chunk.length * 20_000);
      await recordViolations(page);
      for (const [index, path] of chunk.entries()) {
        await test.step(path, async () => {
          const target = under(baseURL, path);
          let arrived = false;
          if (index > 0) {
            const response = await page.request.get(target, {maxRedirects: 0});
            expect(response.status(), `${path}: HTTP status`).toBe(200);
            expectStrictPolicy(response.headers()['content-security-policy']);
            arrived = await navigateInApp(page, target, await response.text());
            if (!arrived) countFullLoadFallback(path);
          }
          if (!arrived) {
            const response = await page.goto(target);
            expect(response?.status(), `${path}: HTTP status`).toBe(200);
            expectStrictPolicy(await policyOf(response));
          }
          await settle(page);
          expect(new URL(page.url()).pathname, `${path}: in place`).toBe(target);
          expect(await violations(page), `${path}: CSP violations`).toEqual([]);
        });
      }
    });
  }
}

for (const locale of locales) {
  test(`under the CSP, the ${locale} not-found page`, async ({page, baseURL, watch}) => {
    const path = under(baseURL, localePath(notFoundProbe, locale));
    watch.expectedNotFound.push(path);
    await recordViolations(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expectStrictPolicy(await policyOf(response));
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await violations(page)).toEqual([]);
  });
}

test('under the CSP, the Swagger page renders every operation and opens one', async ({page, baseURL}) => {
  const swagger = routes.find((route) => route.kind === 'static')!;
  await recordViolations(page);
  const response = await page.goto(under(baseURL, swagger.path));
  expect(response?.status()).toBe(200);
  expectStrictPolicy(await policyOf(response));
  await expect(page.locator('.opblock')).toHaveCount(operationCount);
  // theme.js (an external script, no inline code) has set the colour mode.
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  // Opening an operation renders parameters, responses and highlighted examples.
  await page.locator('.opblock-summary').first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  await expect(page.locator('.opblock-body .responses-table').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('under the CSP, client-side navigation and the colour-mode switch work', async ({page, baseURL}) => {
  await recordViolations(page);
  await page.goto(under(baseURL, '/'));
  await settle(page);
  await page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true}).click();
  await expect(page.locator('.theme-doc-sidebar-menu')).toBeVisible();
  await page.locator('.theme-doc-sidebar-menu a[href$="/main/quickstart"]').first().click();
  await expect(page).toHaveURL(/\/main\/quickstart$/);
  await settle(page);
  await page.locator('.navbar').getByRole('link', {name: 'API', exact: true}).click();
  await expect(page).toHaveURL(/\/api\/overview$/);
  // The switch cycles system -> light -> dark: two clicks give dark whatever the system prefers.
  const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
  await toggle.click();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violations(page)).toEqual([]);
});

test('under the CSP, the offline search works: worker, index, highlighting, search page', async ({page, baseURL}) => {
  await recordViolations(page);
  await page.goto(under(baseURL, '/main/quickstart'));
  await settle(page);
  const input = page.locator('.navbar__search-input');
  await input.click();
  await input.fill('architecture');
  // Results come from the index, fetched and searched in a web worker (worker-src, connect-src).
  await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible();
  await input.press('Enter');
  await expect(page).toHaveURL(/\/main\/architecture\?_highlight=architecture$/);
  await expect(page.locator('article mark').first()).toBeVisible();
  await page.goto(under(baseURL, '/it/search?q=architettura'));
  await expect(page.locator('article h2 a').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the policy is enforced: injected inline code and framing are refused', async ({page, baseURL, watch}) => {
  // The refusals below are logged as console errors on purpose.
  watch.expectedErrors.push(/Content Security Policy/);
  await recordViolations(page);
  const path = under(baseURL, '/main/architecture');
  await page.goto(path);
  await settle(page);
  const injected = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.appendChild(script);
    return (window as unknown as {__injected?: boolean}).__injected === true;
  });
  expect(injected, 'an inline script that is not part of the build runs').toBe(false);

  // frame-ancestors: the site refuses to be shown in a frame, even its own.
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.appendChild(frame);
  }, path);
  await expect.poll(() => page.frames().length).toBe(2);
  const frame = page.frames()[1];
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);

  const recorded = await violations(page);
  expect(recorded.filter((line) => line.startsWith('script-src-elem refused inline '))).toHaveLength(1);
});
