/** Ports of the two test servers playwright.config.ts starts (E2E_PORT overrides the first). */
export const sitePort = Number(process.env.E2E_PORT ?? 4173);
/** The test-only pages of `npm run build:fixtures`, served beside the production build. */
export const fixturesPort = sitePort + 1;
export const fixturesBaseURL = `http://127.0.0.1:${fixturesPort}`;
/** A free port for the tests that start `docusaurus serve` themselves (swagger-hosts.spec.ts). */
export const sparePort = sitePort + 2;
