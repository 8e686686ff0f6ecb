import {test, expect, localePath, notFoundProbe, pathOf, chooseColorMode} from './helpers';
import {fixturesBaseURL} from './servers';

test.describe('language switch', () => {
  const samples = ['/', '/main/configuration/sentinel/configuration', '/api/settings/firewalls', '/category/assets-1'];
  for (const path of samples) {
    test(`English → Italian → English keeps ${path}`, async ({page}) => {
      await page.goto(path);
      await page
        .locator('.navbar .dropdown > .navbar__link')
        .filter({hasText: /English/})
        .hover();
      await page.locator('.navbar a.dropdown__link[lang="it"]').click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(path, 'it'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');

      await page
        .locator('.navbar .dropdown > .navbar__link')
        .filter({hasText: /Italiano/})
        .hover();
      await page.locator('.navbar a.dropdown__link[lang="en"]').click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  }

  test('Italian shell: navbar, footer and sidebar labels are Italian', async ({page}) => {
    await page.goto('/it/main/architecture');
    const navbar = page.locator('.navbar');
    await expect(navbar.getByRole('link', {name: 'Documentazione'})).toBeVisible();
    await expect(navbar.getByRole('link', {name: /Riferimento API/})).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-menu')).toContainText('Installazione');
    await expect(page.locator('.theme-doc-sidebar-menu')).toContainText('Guide operative');
    // The site footer (a doc page has a second <footer>, with the edit link and the date).
    const footer = page.locator('footer.theme-layout-footer');
    await expect(footer).toContainText('Guida utente');
    await expect(footer).toContainText('Copyright © 2025');
  });
});

test.describe('colour mode', () => {
  test('light by default, persisted under "theme" across reloads', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/main/architecture');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await chooseColorMode(page, 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/it/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('follows the system preference when the reader has not chosen', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('URL normalisation', () => {
  const cases: Array<[string, string]> = [
    ['/main/architecture.html', '/main/architecture'],
    ['/main/architecture/index.html', '/main/architecture'],
    ['/it/main/quickstart.html', '/it/main/quickstart'],
    ['/index.html', '/'],
    ['/category/installation/index.html', '/category/installation'],
  ];
  for (const [from, to] of cases) {
    test(`${from} ends up on ${to}`, async ({page}) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      expect(pathOf(page)).toBe(to);
      await expect(page.locator('h1').first()).toBeVisible();
    });
  }
});

test.describe('not-found page', () => {
  test('unknown English path answers 404 with the English page', async ({page, watch}) => {
    watch.expectedNotFound.push(notFoundProbe);
    const response = await page.goto(notFoundProbe);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText('Page Not Found');
  });

  test('unknown Italian path answers 404 with the Italian page', async ({page, watch}) => {
    watch.expectedNotFound.push(localePath(notFoundProbe, 'it'));
    const response = await page.goto(localePath(notFoundProbe, 'it'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.locator('h1')).toHaveText('Pagina non trovata');
  });
});

test.describe('API Reference link', () => {
  for (const start of ['/main/architecture', '/it/api/license']) {
    test(`opens /swagger/index.html in a new tab from ${start}`, async ({page, context}) => {
      // The link and the document it opens are under test here, not Swagger UI, which
      // swagger-hosts.spec.ts and api.spec.ts watch render: its bundle is not loaded.
      await context.route('**/swagger/vendor/swagger-ui-bundle.js', (route) => route.abort());
      await page.goto(start);
      const link = page.locator('.navbar a[href$="swagger/index.html"]').first();
      await expect(link).toHaveAttribute('target', '_blank');
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await popup.waitForLoadState('domcontentloaded');
      expect(new URL(popup.url()).pathname).toBe('/swagger/index.html');
      // The Swagger document (swagger-hosts.spec.ts and api.spec.ts watch it render).
      await expect(popup).toHaveTitle('Seer Box REST API: interactive reference');
      expect(pathOf(page)).toBe(start);
      await popup.close();
    });
  }
});

test.describe('untranslated-page notice (a test-only page: npm run build:fixtures)', () => {
  test.use({baseURL: fixturesBaseURL});
  const fixture = '/__fixtures/untranslated';

  test('an Italian reader sees the English fallback flagged in Italian', async ({page}) => {
    const response = await page.goto(`/it${fixture}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const notice = page.locator('[data-untranslated-notice]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Pagina non ancora tradotta');
    await expect(notice).toContainText('non è ancora disponibile in italiano');
    // The English text that follows is marked as English for assistive technology.
    const fallback = page.locator('.theme-doc-markdown').locator('xpath=ancestor::div[@lang="en"]');
    await expect(fallback).toHaveCount(1);
    await expect(page.locator('.theme-doc-markdown h1')).toHaveText('Untranslated fixture page');
  });

  test('the same page in English carries no notice', async ({page}) => {
    await page.goto(fixture);
    await expect(page.locator('.theme-doc-markdown h1')).toHaveText('Untranslated fixture page');
    await expect(page.locator('[data-untranslated-notice]')).toHaveCount(0);
  });
});
