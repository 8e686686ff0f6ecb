import {test, expect, siteRoutes, locales, localePath, sidebarOf, pathOf, guessLanguage} from './helpers';

const htmlLang = {en: 'en', it: 'it'} as const;

for (const locale of locales) {
  test.describe(`every route in ${locale}`, () => {
    for (const route of siteRoutes) {
      const path = localePath(route.path, locale);
      test(`${path}`, async ({page}) => {
        const response = await page.goto(path);
        expect(response?.status(), 'HTTP status').toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', htmlLang[locale]);

        const h1 = page.locator('h1').first();
        await expect(h1).toBeVisible();
        expect((await h1.innerText()).trim().length).toBeGreaterThan(0);

        expect(await sidebarOf(page), 'sidebar').toBe(route.sidebar);

        // The page's own text (not code) is written in the page's language.
        const text = await page.locator('main').evaluate((main) => {
          const clone = main.cloneNode(true) as HTMLElement;
          clone.querySelectorAll('pre, code, nav, .theme-doc-toc-desktop').forEach((node) => node.remove());
          return clone.innerText;
        });
        expect(guessLanguage(text), 'language of the main text').toBe(locale);
        // Every page is translated, so the "not translated" notice never shows.
        await expect(page.locator('[data-untranslated-notice]')).toHaveCount(0);

        // hreflang alternates point at the same page in both languages.
        const alternate = (lang: string) =>
          page.locator(`head link[rel="alternate"][hreflang="${lang}"]`).getAttribute('href');
        expect(new URL((await alternate('en'))!).pathname).toBe(localePath(route.path, 'en'));
        expect(new URL((await alternate('it'))!).pathname).toBe(localePath(route.path, 'it'));

        // Search and sharing metadata: language and version for search engines,
        // a description (from front matter on docs pages), a canonical URL and our social card.
        const meta = (name: string) => page.locator(`head meta[name="${name}"]`).getAttribute('content');
        expect(await meta('docsearch:language')).toBe(locale);
        expect(await meta('docsearch:version')).toBe('current');
        expect((await meta('description'))?.length ?? 0, 'meta description').toBeGreaterThan(40);
        const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
        expect(new URL(canonical!).pathname).toBe(path);
        expect(await page.locator('head meta[property="og:image"]').getAttribute('content')).toMatch(
          /^https?:\/\/[^/]+\/img\/social-card\.jpg$/,
        );

        // The language menu offers this same page in the other language.
        const other = locale === 'en' ? 'it' : 'en';
        const switchLink = page.locator(`.navbar a.dropdown__link[lang="${other}"]`).first();
        expect(new URL((await switchLink.getAttribute('href'))!, page.url()).pathname).toBe(
          localePath(route.path, other),
        );
        expect(pathOf(page)).toBe(path);
      });
    }
  });
}
