import {defineConfig} from '@playwright/test';
import {chromiumExecutable, chromiumArgs} from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * Browser tests run against the production build (`npm run build` first),
 * served by scripts/serve.mjs, in Debian's Chromium (CHROMIUM_PATH overrides).
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: chromiumArgs,
    },
    trace: 'off',
  },
  webServer: {
    command: `node scripts/serve.mjs --dir build --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
