import {defineConfig} from '@playwright/test';
import {headlessChromium, chromiumArgs} from './scripts/lib/chromium.mjs';
import {sitePort as port, fixturesPort} from './tests/e2e/servers';
/** A server that is already running (e.g. nginx from `npm run test:nginx`): no test server is started. */
const externalBaseUrl = process.env.E2E_BASE_URL;

/**
 * Browser tests run against the production build (`npm run build` and `npm run build:fixtures` first),
 * served by scripts/serve.mjs, in Debian's Chromium headless shell (scripts/lib/chromium.mjs; CHROMIUM_PATH overrides).
 */
export default defineConfig({
  testDir: './tests/e2e',
  projects: [
    {
      name: 'site',
      // The CSP check needs a server that sends the policy: only against E2E_BASE_URL.
      testIgnore: [...(externalBaseUrl ? [] : ['**/csp.spec.ts']), '**/docusaurus.spec.ts'],
    },
    // Docusaurus's own behaviour, which our code does not touch: opt-in (npm run test:e2e:docusaurus).
    {name: 'docusaurus', testMatch: '**/docusaurus.spec.ts'},
  ],
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  // The heavy steps (Swagger UI parsing the definition, the first search loading its index) took
  // over the default 5 s on a loaded 2-core machine; the tests assert behaviour, not speed.
  expect: {timeout: 15_000},
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    // Only for the throw-away self-signed certificate of npm run test:nginx's HTTPS pass.
    ignoreHTTPSErrors: process.env.E2E_IGNORE_HTTPS_ERRORS === '1',
    browserName: 'chromium',
    launchOptions: {
      executablePath: headlessChromium(),
      // V8 without its optimising tier, TurboFan (same semantics, other tiers still compile): the tests
      // run short bursts of script (an axe audit, a route's render), and TurboFan's background compiling
      // cost more CPU than its code saved on two busy cores (browser tier 0.80–1.00 of the time, paired).
      // Not in chromiumArgs: the PDF manuals and Lighthouse's measurements keep stock V8.
      args: [...chromiumArgs, '--js-flags=--no-turbofan'],
    },
    trace: 'off',
  },
  // The production build (npm run build), and beside it the test-only pages (npm run build:fixtures)
  // on the next port, for the fault drills and the untranslated-page notice (tests/e2e/servers.ts).
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: `node scripts/serve.mjs --dir build --port ${port}`,
          url: `http://127.0.0.1:${port}/`,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: `node scripts/serve.mjs --dir build-fixtures --port ${fixturesPort}`,
          url: `http://127.0.0.1:${fixturesPort}/__fixtures/drills`,
          reuseExistingServer: false,
          timeout: 30_000,
        },
      ],
});
