// Every route of both languages, read from the built HTML (npm run build first): what the server
// sends is what these checks are about, so no browser is needed. The browser suite still loads every
// route (tests/e2e/a11y.spec.ts) and fails there on console errors or requests to other hosts.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import * as cheerio from 'cheerio';
import {guessLanguage} from '../e2e/language';
import {builtFile, STOCK} from '../support/build';
import {localePath, locales, siteRoutes, sidebarFromLinks} from '../support/routes';

/** Inline code the CSP would refuse: event-handler attributes and javascript: URLs. */
function inlineCode($: cheerio.CheerioAPI): string[] {
  return $('*')
    .toArray()
    .flatMap((node) => ('attribs' in node ? [node] : []))
    .flatMap((element) =>
      Object.entries(element.attribs)
        .filter(
          ([name, value]) =>
            /^on/i.test(name) || (/^(href|src|action|formaction)$/i.test(name) && /^\s*javascript:/i.test(value)),
        )
        .map(([name, value]) =>
          /^on/i.test(name) ? `${element.tagName} ${name}` : `${element.tagName} ${name}="${value}"`,
        ),
    );
}

const pathname = (href: string | undefined) => new URL(href ?? 'missing:', 'http://site.invalid').pathname;

for (const locale of locales) {
  for (const route of siteRoutes) {
    const target = localePath(route.path, locale);
    test(`${target}: language, heading, sidebar, metadata and alternates in the HTML`, () => {
      const $ = cheerio.load(readFileSync(builtFile(target), 'utf8'));
      assert.equal($('html').attr('lang'), locale, 'html lang');
      assert.ok($('h1').first().text().trim().length > 0, 'a non-empty h1');

      const sidebar = $('.theme-doc-sidebar-menu');
      const links = sidebar
        .find('a[href]')
        .map((_, link) => pathname($(link).attr('href')))
        .get();
      assert.equal(sidebar.length === 0 ? null : sidebarFromLinks(links), route.sidebar, 'sidebar');

      // The page's own text (not code, navigation or table of contents) is in the page's language.
      const main = $('main').clone();
      main.find('pre, code, nav, .theme-doc-toc-desktop').remove();
      assert.equal(guessLanguage(main.text()), locale, 'language of the main text');
      assert.equal($('[data-untranslated-notice]').length, 0, 'no "not translated" notice');

      const alternate = (lang: string) => pathname($(`head link[rel="alternate"][hreflang="${lang}"]`).attr('href'));
      assert.equal(alternate('en'), localePath(route.path, 'en'), 'hreflang en');
      assert.equal(alternate('it'), localePath(route.path, 'it'), 'hreflang it');

      const meta = (name: string) => $(`head meta[name="${name}"]`).attr('content');
      assert.equal(meta('docsearch:language'), locale);
      assert.equal(meta('docsearch:version'), 'current');
      assert.ok((meta('description')?.length ?? 0) > 40, 'meta description');
      assert.equal(pathname($('head link[rel="canonical"]').attr('href')), target, 'canonical');
      // Docusaurus copies static files into each locale's build, so the Italian card is under /it/.
      assert.equal(
        pathname($('head meta[property="og:image"]').attr('content')),
        localePath('/img/social-card.jpg', locale),
      );

      // The language menu offers this same page in the other language.
      const other = locale === 'en' ? 'it' : 'en';
      const switchLink = $(`.navbar a.dropdown__link[lang="${other}"]`).first().attr('href');
      assert.equal(
        pathname(new URL(switchLink ?? 'missing:', `http://site.invalid${target}`).href),
        localePath(route.path, other),
      );

      // The Content-Security-Policy allows inline code only by the hashes of <script> elements
      // (tests/nginx/http.test.ts checks those per route): an event-handler attribute or a
      // javascript: URL would be refused. The browser's CSP sweep reaches most routes through the
      // router, so this is where a page's own markup is held to it.
      assert.deepEqual(inlineCode($), [], 'inline event handlers or javascript: URLs');

      // A stock build (SEERBOX_STOCK=true) names them in <script defer> as Docusaurus does.
      if (!STOCK) {
        // The app's scripts are named only by the loader that starts them after the first paint
        // (src/plugins/bundle-diet/ssrTemplate.ts), the body's last element; check:budgets finds their files.
        const loader = $('script[data-app]');
        assert.equal(loader.length, 1, 'one app loader');
        assert.ok($('body').children().last().is(loader), 'the loader ends the body');
        assert.deepEqual(
          loader
            .attr('data-app')
            ?.split(' ')
            .map((url) => url.replace(/^.*\/|\.[0-9a-f]+\.js$/g, '')),
          ['runtime~main', 'main'],
          'the loader names the runtime, then the main bundle',
        );
        assert.equal(
          $('script[src], link[rel="preload"][as="script"]').length,
          0,
          'no script fetched before the paint',
        );
      }
    });
  }
}

test('the inline-code checks above see what they look for', () => {
  const $ = cheerio.load('<p><img src="x.png" onerror="alert(1)"><a href="JavaScript:void(0)">x</a></p>');
  assert.deepEqual(inlineCode($), ['img onerror', 'a href="JavaScript:void(0)"']);
});

test('a missing build is reported with what to run', () => {
  assert.throws(() => builtFile('/main/architecture', '/nonexistent-build'), /run npm run build first/);
});
