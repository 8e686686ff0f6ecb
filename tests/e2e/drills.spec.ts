import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {test, expect, localePath} from './helpers';
import {fixturesBaseURL} from './servers';

/** The documented release, from package.json (its one source). */
const {version: release} = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};

/**
 * Fault drills. The crash and loading drills run on the test-only pages under /__fixtures/
 * (npm run build:fixtures, a small site with the same theme, on its own server); the others
 * on the production build. Faults are injected from the test:
 * `window.__seerboxDrills` makes a component throw, `page.route` delays or
 * aborts script requests, an init script fakes a 2g connection.
 */
const drillsPage = '/__fixtures/drills';
const crashPage = '/__fixtures/pages/crash';
const text = {
  en: {
    page: 'This page crashed',
    content: 'This page crashed.',
    tryAgain: 'Try again',
    cause: 'Cause:',
    retry: 'Retry',
    title: 'Page Error',
    banner: 'Your site did not load properly',
  },
  it: {
    page: 'Si è verificato un errore in questa pagina',
    content: 'Si è verificato un errore in questa pagina.',
    tryAgain: 'Riprova',
    cause: 'Causa:',
    retry: 'Riprova',
    title: 'Errore della pagina',
    banner: 'Il sito non è stato caricato correttamente',
  },
} as const;

const setCrash = (page: Page, on: boolean) =>
  page.evaluate((value) => {
    (window as unknown as {__seerboxDrills: {crash: boolean}}).__seerboxDrills = {crash: value};
  }, on);

/** Milliseconds between `start()` and the first element matching `selector` entering the page. */
async function watchAppearance(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as {__appeared?: number; __start?: number};
    w.__appeared = undefined;
    new MutationObserver((_, observer) => {
      if (document.querySelector(sel)) {
        w.__appeared = performance.now();
        observer.disconnect();
      }
    }).observe(document.documentElement, {childList: true, subtree: true});
  }, selector);
  return {
    start: () => page.evaluate(() => ((window as unknown as {__start: number}).__start = performance.now())),
    elapsed: () =>
      page.evaluate(() => {
        const w = window as unknown as {__appeared?: number; __start: number};
        return w.__appeared === undefined ? null : w.__appeared - w.__start;
      }),
  };
}

for (const locale of ['en', 'it'] as const) {
  const t = text[locale];

  // The drills run on the test-only pages (npm run build:fixtures).
  test.describe(`drills on the fixture pages (${locale})`, () => {
    test.use({baseURL: fixturesBaseURL});

    test.describe(`crash drills (${locale})`, () => {
      test('an error while rendering a docs page shows the in-layout crash report; Try again recovers', async ({
        page,
        watch,
      }) => {
        watch.expectedErrors.push(/Drill:/);
        await page.goto(localePath('/__fixtures/untranslated', locale));
        await setCrash(page, true);
        // Client-side navigation to the drill page: the fault strikes during a navigation.
        await page.evaluate(
          (path) => {
            window.history.pushState(null, '', path);
            window.dispatchEvent(new PopStateEvent('popstate'));
          },
          localePath(drillsPage, locale),
        );
        const report = page.locator('[data-crash-report="content"]');
        await expect(report.locator('h1')).toHaveText(t.content);
        await expect(report.locator('h1')).toBeFocused();
        await expect(page.locator('.navbar')).toBeVisible();
        const details = await report.locator('[data-crash-details]').innerText();
        expect(details.split(t.cause).map((part) => part.trim())).toEqual([
          'Drill: rendering failed',
          'Drill: the page data was missing',
          'Drill: root cause',
        ]);
        await setCrash(page, false);
        await page.keyboard.press('Tab');
        await expect(report.getByRole('button', {name: t.tryAgain})).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.locator('[data-drill="crash-ok"]')).toBeVisible();
        await expect(report).toHaveCount(0);
      });

      test('an error outside the layout shows the whole-page crash screen titled Page Error', async ({page, watch}) => {
        watch.expectedErrors.push(/Drill:/);
        await page.addInitScript(() => {
          (window as unknown as {__seerboxDrills: {crash: boolean}}).__seerboxDrills = {crash: true};
        });
        // The crash screen replaces the app, which therefore never marks the page hydrated.
        await page.goto(localePath(crashPage, locale), {waitUntil: 'load'});
        const report = page.locator('[data-crash-report="page"]');
        await expect(report.locator('h1')).toHaveText(t.page);
        await expect(page).toHaveTitle(t.title);
        await expect(report.locator('[data-crash-details]')).toContainText(
          `${t.cause}\nDrill: the page data was missing`,
        );
        await setCrash(page, false);
        await report.getByRole('button', {name: t.tryAgain}).click();
        await expect(page.locator('[data-drill="page-ok"]')).toBeVisible();
      });
    });

    test.describe(`loading drills (${locale})`, () => {
      test('a failed lazy chunk shows the error with Retry, which recovers once the network is back', async ({
        page,
        watch,
      }) => {
        watch.expectedErrors.push(/ERR_FAILED|Loading chunk|ChunkLoadError|Failed to load resource/);
        await page.goto(localePath(drillsPage, locale));
        await expect(page.locator('[data-drill="crash-ok"]')).toBeVisible();
        await page.route('**/*.js', (route) => route.abort('failed'));
        await page.locator('[data-drill="lazy-load"]').click();
        const error = page.locator('[data-loading="error"]');
        await expect(error).toBeVisible();
        await page.unroute('**/*.js');
        await error.getByRole('button', {name: t.retry}).click();
        await expect(page.locator('[data-drill="lazy-ok"]')).toBeVisible();
        await expect(error).toHaveCount(0);
      });

      test('a slow lazy chunk shows the spinner only after 200 ms', async ({page}) => {
        await page.goto(localePath(drillsPage, locale));
        await page.route('**/*.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        const timing = await watchAppearance(page, '[data-loading="spinner"]');
        await timing.start();
        await page.locator('[data-drill="lazy-load"]').click();
        await expect(page.locator('[data-loading="spinner"]')).toBeVisible();
        expect(await timing.elapsed()).toBeGreaterThanOrEqual(190);
        await expect(page.locator('[data-drill="lazy-ok"]')).toBeVisible();
      });
    });
  });

  test(`wrong base URL: the home page shows the banner in ${locale}`, async ({page, watch}) => {
    // The home page's HTML served under a path it was not built for, its assets not found there.
    const home = readFileSync(locale === 'en' ? 'build/index.html' : 'build/it/index.html', 'utf8');
    const wrongBase = locale === 'en' ? '/wrong-base/' : '/wrong-base/it/';
    watch.expectedErrors.push(/Failed to load resource/);
    await page.route('**/assets/**', (route) => route.fulfill({status: 404, body: 'not here'}));
    await page.route(`**${wrongBase}`, (route) => route.fulfill({status: 200, contentType: 'text/html', body: home}));
    // Loaded, not hydrated: the app never starts here.
    await page.goto(wrongBase, {waitUntil: 'load'});
    const banner = page.locator('#__seerbox-base-url-banner');
    await expect(banner).toContainText(t.banner);
    await expect(banner).toHaveAttribute('lang', locale);
    await expect(banner).toContainText(locale === 'en' ? '/' : '/it/');
    await expect(banner).toContainText(wrongBase);
  });

  test(`the base-URL banner never shows when the site loads (${locale})`, async ({page}) => {
    await page.goto(localePath('/', locale));
    // Hydrated: the app loader has run the scripts and dispatched the event the banner waits for.
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(page.locator('#__seerbox-base-url-banner')).toHaveCount(0);
    // The banner's script is in the home page only.
    const other = readFileSync(
      locale === 'en' ? 'build/main/architecture/index.html' : 'build/it/main/architecture/index.html',
      'utf8',
    );
    expect(other).not.toContain('__seerbox-base-url-banner');
  });
}

test.describe('navigation under faults', () => {
  test('the progress bar appears only after 200 ms of a slow navigation', async ({page}) => {
    await page.goto('/main/architecture');
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const timing = await watchAppearance(page, '#nprogress');
    await timing.start();
    await page.locator('.theme-doc-sidebar-menu a[href$="/main/quickstart"]').first().click();
    await expect(page.locator('#nprogress')).toBeAttached();
    expect(await timing.elapsed()).toBeGreaterThanOrEqual(190);
    await expect(page).toHaveURL(/\/main\/quickstart$/);
  });

  test('failing route chunks during a client-side navigation lead to a full page load of the target', async ({
    page,
    watch,
  }) => {
    watch.expectedErrors.push(/ERR_FAILED|Failed to load resource|Loading chunk \d+ failed/);
    await page.goto('/main/architecture');
    await page.evaluate(() => ((window as unknown as {__marker: number}).__marker = 1));
    let failing = true;
    await page.route('**/*', (route) => {
      if (route.request().resourceType() === 'document') failing = false;
      if (failing && route.request().resourceType() === 'script') return route.abort('failed');
      return route.continue();
    });
    // A page no link of this one points at, so none of its chunks were prefetched.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/api/settings/generic');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/api\/settings\/generic$/);
    await expect(page.locator('h1')).toHaveText(/Generic settings|General/);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as {__marker?: number}).__marker)).toBeUndefined();
    expect(failing).toBe(false);
  });
});

test.describe('mobile navigation panel, navbar and announcement bar', () => {
  test('the panel opens, locks scrolling, closes, and closes itself past 996 px', async ({page}) => {
    await page.setViewportSize({width: 800, height: 900});
    await page.goto('/main/architecture');
    const toggle = page.locator('.navbar__toggle');
    await toggle.click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.locator('.navbar-sidebar__close').click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await toggle.click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.setViewportSize({width: 1200, height: 900});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('the language dropdown opens on hover and Enter, and closes on an outside click', async ({page}) => {
    await page.goto('/main/architecture');
    const dropdown = page.locator('.navbar .dropdown').filter({hasText: 'English'}).first();
    const menu = dropdown.locator('.dropdown__menu');
    await dropdown.hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(10, 500);
    await dropdown.locator('> .navbar__link').focus();
    await page.keyboard.press('Enter');
    await expect(dropdown).toHaveClass(/dropdown--show/);
    await page.locator('main h1').click();
    await expect(dropdown).not.toHaveClass(/dropdown--show/);
  });

  test('the navbar hides on scroll down and returns on scroll up', async ({page}) => {
    await page.goto('/main/architecture');
    const navbar = page.locator('nav.navbar');
    const bottom = () => navbar.evaluate((node) => node.getBoundingClientRect().bottom);
    for (const y of [200, 400, 800, 1200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(bottom).toBeGreaterThan(0);
  });

  test('the announcement bar takes the theme colours: light in light mode, dark in dark mode', async ({page}) => {
    const luminance = () =>
      page.locator('.theme-announcement-bar').evaluate((bar) => {
        const [r, g, b] = getComputedStyle(bar).backgroundColor.match(/\d+/g)!.map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      });
    for (const path of ['/', '/it/']) {
      await page.emulateMedia({colorScheme: 'light'});
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      expect(await luminance()).toBeGreaterThan(0.8);
      await page.emulateMedia({colorScheme: 'dark'});
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await luminance(), `${path} in dark mode`).toBeLessThan(0.3);
    }
  });

  test('the announcement bar: dismissal survives a reload, a new release id brings it back', async ({page}) => {
    await page.goto('/it/main/architecture');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText(release);
    await expect(bar.locator('a')).toHaveAttribute('href', '/it/main/resources/changelog');
    await bar.locator('button.clean-btn').click();
    await expect(bar).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(`release-${release}`);
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(bar).toHaveCount(0);
    // A reader who dismissed the previous release's bar sees this one.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'release-25.2.0'));
    await page.reload();
    await expect(bar).toBeVisible();
    await page.goto('/main/architecture');
    await expect(bar).toContainText('Read what changed');
  });
});
