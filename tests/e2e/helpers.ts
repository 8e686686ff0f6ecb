import {test as base, expect, type ConsoleMessage, type Page, type Request, type Response} from '@playwright/test';
import {sidebarFromLinks} from '../support/routes';

export {routes, siteRoutes, italianPrefix, notFoundProbe, locales, localePath, localeOfPath} from '../support/routes';
export type {RouteEntry} from '../support/routes';

export type Watch = {
  consoleErrors: string[];
  foreignRequests: string[];
  /** Paths a test expects to answer 404 (their "Failed to load resource" is not an error). */
  expectedNotFound: string[];
  /** Console errors a fault drill provokes on purpose (matched against the message text). */
  expectedErrors: RegExp[];
  /** Swagger UI files fetched by a page other than the Swagger page. */
  swaggerOnDocsPages: string[];
  /** Responses with an error status the test did not expect. */
  failedResponses: string[];
};

/**
 * Records on `page` console errors, uncaught page errors, failed responses and any request to a
 * host other than `origin`. Returns what it records and a function that stops recording.
 */
export function watchPage(page: Page, origin: string): {watch: Watch; stop: () => void} {
  const watch: Watch = {
    consoleErrors: [],
    foreignRequests: [],
    expectedNotFound: [],
    expectedErrors: [],
    swaggerOnDocsPages: [],
    failedResponses: [],
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    const expected404 =
      /status of 404/.test(message.text()) &&
      watch.expectedNotFound.some((path) => source && new URL(source).pathname === path);
    const drilled = watch.expectedErrors.some((pattern) => pattern.test(message.text()));
    if (!expected404 && !drilled) watch.consoleErrors.push(`${page.url()}: ${message.text()}`);
  };
  // Name the resource behind a "Failed to load resource" message, which Chromium does not
  // (listened on the context, so prefetches and popups are included).
  const onResponse = (response: Response) => {
    if (response.status() < 400) return;
    const pathname = new URL(response.url()).pathname;
    if (watch.expectedNotFound.includes(pathname)) return;
    // A drill that expects failed loads (its patterns match Chromium's message) may get them.
    const failedLoad = `Failed to load resource: the server responded with a status of ${response.status()}`;
    if (watch.expectedErrors.some((pattern) => pattern.test(failedLoad) || pattern.test(response.url()))) return;
    watch.failedResponses.push(`${response.status()} ${response.url()}`);
  };
  const onPageError = (error: Error) => {
    if (!watch.expectedErrors.some((pattern) => pattern.test(error.message))) {
      watch.consoleErrors.push(`${page.url()}: ${error.message}`);
    }
  };
  const onRequest = (request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) watch.foreignRequests.push(url);
    // Swagger UI's files belong to the Swagger page alone: a docs page that fetches them fails.
    if (/\/swagger\/vendor\//.test(new URL(url).pathname)) {
      let from = '';
      try {
        from = new URL(request.frame().url()).pathname;
      } catch {
        // a request without a frame (worker): not a docs page
        return;
      }
      if (!/\/swagger(?:\/|$)/.test(from)) watch.swaggerOnDocsPages.push(`${from} fetched ${url}`);
    }
  };
  const context = page.context();
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  context.on('response', onResponse);
  context.on('request', onRequest);
  const stop = () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    context.off('response', onResponse);
    context.off('request', onRequest);
  };
  return {watch, stop};
}

/** Fails the test if the page broke or phoned home while it was watched. */
export function expectClean(watch: Watch): void {
  expect(watch.foreignRequests, 'requests to other hosts').toEqual([]);
  expect(watch.failedResponses, 'failed responses').toEqual([]);
  expect(watch.consoleErrors, 'console errors').toEqual([]);
  expect(watch.swaggerOnDocsPages, 'Swagger UI loaded outside the Swagger page').toEqual([]);
}

/**
 * Every test gets a page that records console errors, uncaught page errors
 * and any request to a host other than the local test server; a test fails
 * if there are any, so no page may break or phone home.
 */
export const test = base.extend<{watch: Watch}>({
  page: [
    async ({page}, use) => {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        // Pages start the app after their first paint (src/plugins/bundle-diet/ssrTemplate.ts), so the load event
        // no longer means a page is interactive: wait until it has hydrated, unless the caller chose
        // what to wait for, or the page has no app (Swagger UI, plain files).
        if (!options?.waitUntil && (await page.locator('script[data-app]').count()) > 0) {
          await page.locator('html[data-has-hydrated="true"]').waitFor();
        }
        return response;
      };
      await use(page);
    },
    {scope: 'test'},
  ],
  watch: [
    async ({page, baseURL}, use) => {
      const {watch, stop} = watchPage(page, new URL(baseURL!).origin);
      await use(watch);
      stop();
      expectClean(watch);
    },
    {auto: true},
  ],
});

export {expect};

/** Which sidebar a page shows, from the links it holds. */
export async function sidebarOf(page: Page): Promise<'main' | 'api' | null> {
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  if ((await sidebar.count()) === 0) return null;
  const hrefs = await sidebar
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return sidebarFromLinks(hrefs);
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export {guessLanguage} from './language';

/** Clicks the colour-mode switch (system → light → dark → system) until `mode` is chosen. */
export async function chooseColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const toggle = page.locator('.navbar button[class*="toggleButton"]').first();
  for (let clicks = 0; clicks < 3; clicks += 1) {
    if ((await page.locator('html').getAttribute('data-theme-choice')) === mode) return;
    await toggle.click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', mode);
}

/**
 * Moves `page`, which shows a hydrated page of the same language, to `path` (a full pathname,
 * base path included) as a reader's click would: the router, once the route's code is loaded.
 * `servedHtml` is the route's HTML as the server sent it: the new page is in place once its
 * heading and title are those of that HTML. Resolves false if they did not arrive within 5 s
 * (the head is updated on an animation frame, which a busy machine once held back for over 15 s);
 * the caller then loads the page in full, and counts it.
 */
export async function navigateInApp(page: Page, path: string, servedHtml: string): Promise<boolean> {
  return page.evaluate(
    async ({target, html}) => {
      const served = new DOMParser().parseFromString(html, 'text/html');
      const heading = served.querySelector('h1')?.textContent ?? '';
      await (window as unknown as {docusaurus: {preload: (path: string) => Promise<void>}}).docusaurus.preload(target);
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
      for (let waited = 0; waited < 5_000; waited += 50) {
        if (document.querySelector('h1')?.textContent === heading && document.title === served.title) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    {target: path, html: servedHtml},
  );
}

/** Full loads this worker fell back to after a stalled navigateInApp, and how many a busy machine may need. */
let fullLoadFallbacks = 0;
const maxFullLoadFallbacks = 5;

/**
 * Records a full load after a stalled navigateInApp, and fails once a worker needed more than a
 * handful: a broken client-side navigation must not hide behind full loads.
 */
export function countFullLoadFallback(path: string): void {
  fullLoadFallbacks += 1;
  base.info().annotations.push({type: 'full load after a stalled client-side navigation', description: path});
  expect(
    fullLoadFallbacks,
    `client-side navigation stalled ${fullLoadFallbacks} times in this worker (last: ${path})`,
  ).toBeLessThanOrEqual(maxFullLoadFallbacks);
}
