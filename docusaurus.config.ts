import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type {UserThemeConfig} from '@docusaurus/theme-common';
import type {Options as ClassicOptions} from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import remarkMermaidDiagrams from './src/plugins/diagrams/remark.mjs';
import remarkCodeBlocks from './src/plugins/code-blocks/remark';
import rehypeScrollRegions from './src/rehype/scrollRegions';
import {withAccessibleContrast} from './src/plugins/code-blocks/contrast';
import bundleDietPlugin from './src/plugins/bundle-diet';
import searchEngineSwap from './src/plugins/search/engineSwap';
import searchIndexPlugin from './src/plugins/search';
import codeBlocksPlugin from './src/plugins/code-blocks';
import docsPlugin from './src/plugins/docs';
import robotsTxtPlugin from './src/plugins/robotsTxt';
import securityTxtPlugin, {type SecurityTxtOptions} from './src/plugins/securityTxt';
import apiReferencePlugin, {
  rehypeApiColumns,
  remarkApiOperations,
  SWAGGER_STATIC_DIR,
} from './src/plugins/api-reference';
import notFoundRoutesPlugin from './src/plugins/notFoundRoutes';
import faultScreensPlugin from './src/plugins/fault-screens';
import offlinePlugin from './src/plugins/offline';
import {searchResultLimits} from './src/plugins/search/client/options.mjs';
import {API_DEFINITION, DEFAULT_LOCALE, LOCALES, localeFolder} from './src/utils/sitePaths.mjs';
import {ssrTemplate} from './src/plugins/bundle-diet/ssrTemplate';
import {PLACEHOLDER_EDIT_URL_BASE, PLACEHOLDER_SITE_URL, placeholderWarnings} from './src/utils/placeholders';

// Environment switches, all in one place.
/** Public URL of the site, used for canonical and hreflang links and the sitemap. */
const siteUrl = process.env.SITE_URL ?? PLACEHOLDER_SITE_URL;
/** Path the site is served under (for example `/docs/`); must start and end with `/`. */
const baseUrl = process.env.BASE_URL ?? '/';
/** Kill switch for Docusaurus Faster (Rspack, SWC, Lightning CSS): `DOCUSAURUS_FASTER=false`. */
const isFaster = process.env.DOCUSAURUS_FASTER !== 'false';
/**
 * Kill switch for our replacements of Docusaurus internals (src/plugins/bundle-diet, its UPGRADING.md):
 * `SEERBOX_STOCK=true` builds with the stock page template, client modules and code block content.
 * Pages are heavier and slower to show, and still right: the way out when an upgrade breaks a replacement.
 */
const isStock = process.env.SEERBOX_STOCK === 'true';
/**
 * `SEERBOX_TEST_FIXTURES=true` builds, instead of the site, a small site of test-only pages
 * (tests/fixtures, under `/__fixtures/`) with the same theme: `npm run build:fixtures` writes it
 * to build-fixtures/, which the browser tests serve beside the production build they test.
 */
const fixturesOnly = process.env.SEERBOX_TEST_FIXTURES === 'true';
/**
 * /.well-known/security.txt (RFC 9116): `SECURITY_CONTACT` (mailto:, https:// or tel:) and
 * `SECURITY_EXPIRES` (ISO 8601); the build warns while either is left to its default.
 */
const securityTxt = {
  contact: process.env.SECURITY_CONTACT,
  expires: process.env.SECURITY_EXPIRES,
} satisfies SecurityTxtOptions;

/**
 * Where "Edit this page" links point: the repository's edit URL for the branch, ending in `/`
 * (the source path of the page is appended: `docs/...` in English, `i18n/it/...` in Italian).
 * The default is a placeholder for the public repository; set `EDIT_URL_BASE` to yours, or to
 * an empty string to leave the links out.
 */
const editUrlBase = process.env.EDIT_URL_BASE ?? PLACEHOLDER_EDIT_URL_BASE;
const editUrl = editUrlBase === '' ? undefined : editUrlBase;

/** The product version these docs describe; also the docs version label. From package.json, its one source. */
const docsVersion: string = JSON.parse(readFileSync('package.json', 'utf8')).version;

/**
 * "Last updated" dates need the git history. A source archive (GitHub's "Download ZIP", a release
 * tarball, the container build context) has none: the dates are then left out, with one line saying so.
 */
const hasGitHistory =
  // From the working directory, where `docusaurus` runs: the config loader has no import.meta.
  spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {encoding: 'utf8'}).stdout?.trim() === 'true';
if (!hasGitHistory && !process.env.SEERBOX_NO_GIT_NOTICE_SHOWN) {
  process.env.SEERBOX_NO_GIT_NOTICE_SHOWN = '1';
  console.log('[INFO] No git history here (source archive?): pages are built without "Last updated" dates.');
}

// A production build for readers must not publish links to placeholders: say so once per build.
if (process.env.NODE_ENV === 'production' && !fixturesOnly && !process.env.SEERBOX_PLACEHOLDER_NOTICE_SHOWN) {
  process.env.SEERBOX_PLACEHOLDER_NOTICE_SHOWN = '1';
  for (const warning of placeholderWarnings({siteUrl, editUrlBase})) console.warn(`[WARNING] ${warning}`);
}

/** The single source of the API reference: the API pages, their Italian versions and the Swagger page. */
const apiDefinition = `./${API_DEFINITION}`;

/** The locale being built (Docusaurus sets it while it loads this file for each locale). */
const currentLocale = process.env.DOCUSAURUS_CURRENT_LOCALE ?? DEFAULT_LOCALE;

/**
 * Announcement of the documented release. Its id carries the version, so a
 * reader who dismissed it sees the next release's bar again. The content is
 * raw HTML, not translated by Docusaurus: one text per locale.
 */
const announcement = {
  en: `Seer Box ${docsVersion} is the documented release. <a href="${baseUrl}main/resources/changelog">Read what changed</a>.`,
  it: `Questa documentazione descrive la release ${docsVersion} di Seer Box. <a href="${baseUrl}it/main/resources/changelog">Leggere le novità</a>.`,
} as const;

/** Code colours, used by the theme and by the build-time highlighting of code blocks. */
const prism = {
  // GitHub and Dracula, with the colours that miss WCAG AA contrast darkened or lightened.
  theme: withAccessibleContrast(prismThemes.github),
  darkTheme: withAccessibleContrast(prismThemes.dracula),
  // JSON and YAML come with prism-react-renderer; these are the other languages the pages use.
  additionalLanguages: ['bash', 'nginx', 'apacheconf', 'ini', 'toml'],
} satisfies UserThemeConfig['prism'];

/** Fenced code blocks are highlighted at build time (src/plugins/code-blocks/remark.ts). */
const codeBlocks = [
  remarkCodeBlocks,
  {light: prism.theme, dark: prism.darkTheme, additionalLanguages: prism.additionalLanguages},
] as const;

const docsOptions = {
  path: 'docs',
  routeBasePath: '/',
  sidebarPath: './sidebars.ts',
  lastVersion: 'current',
  versions: {
    current: {label: docsVersion},
  },
  editUrl,
  // Italian pages link to their own file under i18n/it/, not to the English source.
  editLocalizedFiles: true,
  // "Last updated" from git history (read once per build: `gitEagerVcs` below), on English pages
  // only: an Italian page's date would be the translation's, and `npm run i18n:status` already
  // tells when a twin is behind its English page. Needs the full history (CI: fetch-depth 0).
  showLastUpdateTime: hasGitHistory && currentLocale === DEFAULT_LOCALE,
  // `::operation{id="..."}` on the API pages renders that operation from api/openapi.yaml
  // (src/plugins/api-reference: the docs' Markdown is the docs plugin's to transform).
  // ```mermaid blocks become static SVG at build time (no Mermaid in the browser).
  beforeDefaultRemarkPlugins: [
    [remarkApiOperations, {specPath: apiDefinition, i18nDir: './i18n'}],
    remarkMermaidDiagrams,
  ],
  // Code highlighted at build time; a page with code loads the code blocks' chunk with its own.
  remarkPlugins: [codeBlocks],
  // Tables and diagrams scroll inside their own named region on a phone; tables of fields stack.
  // API operations get a main and an examples column (side by side on wide screens, custom.css).
  rehypePlugins: [rehypeScrollRegions, rehypeApiColumns],
} satisfies DocsOptions;

/** The fixtures site's docs: pages that exist only to be tested (no Italian twins on purpose). */
const fixtureDocsOptions = {
  path: 'tests/fixtures/docs',
  routeBasePath: '__fixtures',
  sidebarPath: false,
  remarkPlugins: [codeBlocks],
} satisfies DocsOptions;

const themeConfig = {
  // Our own card for links shared in chat and tickets (1200 x 630, drawn by scripts/brand-images.mjs).
  image: 'img/social-card.jpg',
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: true,
  },
  announcementBar: {
    id: `release-${docsVersion}`,
    content: announcement[currentLocale as keyof typeof announcement] ?? announcement.en,
    isCloseable: true,
    // Theme colours (src/css/custom.css), so the bar follows the dark mode like the navbar below it.
    backgroundColor: 'var(--sbx-announcement-background)',
    textColor: 'var(--sbx-announcement-color)',
  },
  docs: {
    sidebar: {
      hideable: false,
      autoCollapseCategories: false,
    },
  },
  tableOfContents: {
    minHeadingLevel: 2,
    maxHeadingLevel: 3,
  },
  navbar: {
    title: 'Seer Box',
    hideOnScroll: true,
    logo: {
      alt: 'Seer Box logo',
      src: 'img/logo.svg',
      width: 32,
      height: 32,
    },
    items: [
      // The fixtures site has neither sidebar.
      ...(fixturesOnly
        ? []
        : ([
            {type: 'docSidebar', sidebarId: 'main', position: 'left', label: 'Docs'},
            {type: 'docSidebar', sidebarId: 'api', position: 'left', label: 'API'},
            {type: 'custom-apiReference', position: 'left', label: 'API Reference'},
          ] as const)),
      {type: 'localeDropdown', position: 'right'},
    ],
  },
  footer: {
    style: 'dark',
    // The fixtures site has none of the pages the footer links.
    links: fixturesOnly
      ? []
      : [
          {
            title: 'User guide',
            items: [
              {label: 'Quick start', to: '/main/quickstart'},
              {label: 'Architecture', to: '/main/architecture'},
              {label: 'Installation', to: '/category/installation'},
            ],
          },
          {
            title: 'REST API',
            items: [
              {label: 'Sign-in', to: '/api/authentication/signin'},
              {label: 'Analysis', to: '/category/analysis'},
              {label: 'Settings', to: '/category/settings'},
            ],
          },
          {
            title: 'Resources',
            items: [
              {label: 'Changelog', to: '/main/resources/changelog'},
              {label: 'License agreement', to: '/main/resources/eula'},
              {label: 'Downloads (PDF, offline)', to: '/main/resources/downloads'},
              {label: 'Accessibility', to: '/accessibility'},
            ],
          },
        ],
    // No release here: the Italian copy lives in i18n/it/docusaurus-theme-classic/footer.json, and the
    // release is spelled only in package.json (the announcement bar and the version label read it).
    copyright: 'Copyright © 2025 Pluribus One S.r.l. Seer Box® documentation.',
  },
  prism,
} satisfies UserThemeConfig;

export default {
  title: 'Seer Box User Documentation',
  tagline: 'Traffic analysis and web protection: install, configure and operate Seer Box',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: undefined,
  // Our files, and the Swagger UI library and API definition the API reference plugin copies
  // from node_modules and api/ (served by `docusaurus start`, copied into every build).
  staticDirectories: ['static', SWAGGER_STATIC_DIR],

  // The fixtures site's navbar and not-found page link to pages only the real site has.
  onBrokenLinks: fixturesOnly ? 'ignore' : 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  // Our own bilingual banner (src/plugins/fault-screens) replaces the core one (English only).
  baseUrlIssueBanner: false,
  // The page paints before the app's scripts load (src/plugins/bundle-diet/ssrTemplate.ts).
  ...(!isStock && {ssrTemplate}),
  // The spec fixes the storage keys ('theme', the docs version key, the announcement key).
  storage: {namespace: false},

  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: isFaster,
      mdx1CompatDisabledByDefault: true,
    },
    // Rspack's persistent cache is left off: it kept stale Markdown link
    // resolutions between builds (a page added later still showed as a broken
    // link until `npm run clear`). A cold build's figures: docs-dev/PERFORMANCE.md, "Speed and weight".
    faster: isFaster && {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: false,
      ssgWorkerThreads: true,
      gitEagerVcs: hasGitHistory,
    },
  },

  i18n: {
    // Spelled once, in src/utils/sitePaths.mjs, which the scripts read too.
    defaultLocale: DEFAULT_LOCALE,
    locales: [...LOCALES],
    localeConfigs: {
      en: {label: 'English', htmlLang: 'en'},
      it: {label: 'Italiano', htmlLang: 'it'},
    },
  },

  markdown: {
    // Translated pages keep the English anchors with `## Titolo {#english-slug}`.
    mdx1Compat: {comments: false, admonitions: false, headingIds: true},
    hooks: {
      // With onBrokenLinks and onBrokenAnchors, the one check of links and anchors (both languages).
      onBrokenMarkdownLinks: 'throw',
    },
  },

  presets: [
    [
      'classic',
      {
        // The docs are our wrapped plugin (below); the site has no blog.
        docs: false,
        blog: false,
        // Stand-alone Markdown pages (src/pages/*.md) get the same edit link and date; React pages have neither.
        pages: fixturesOnly
          ? {path: 'tests/fixtures/pages', routeBasePath: '__fixtures/pages'}
          : {
              editUrl,
              editLocalizedFiles: true,
              showLastUpdateTime: docsOptions.showLastUpdateTime,
              remarkPlugins: [codeBlocks],
              rehypePlugins: [rehypeScrollRegions],
            },
        // One sitemap per locale (/sitemap.xml, /it/sitemap.xml), listed in robots.txt.
        sitemap: {
          ignorePatterns: LOCALES.map((locale) => `${baseUrl}${localeFolder(locale)}search`),
        },
        theme: {customCss: ['./src/css/custom.css', './src/css/print.css']},
        // The preset's debug pages (development only) and SVG-as-component loader: the site uses neither.
        // With future.v4.useCssCascadeLayers, the preset also puts the styles in CSS cascade layers.
        debug: false,
        svgr: false,
      } satisfies ClassicOptions,
    ],
  ],

  themes: [
    // Offline full-text search: this theme's search bar and search page, with
    // results from Pagefind's index (src/plugins/search/index.ts), which the
    // browser fetches from the site itself, in parts, once the reader searches.
    [
      '@easyops-cn/docusaurus-search-local',
      {
        // The theme's own lunr index is not built: src/plugins/search/engineSwap.ts
        // points its search bar and page at Pagefind.
        indexDocs: false,
        indexPages: false,
        indexBlog: false,
        docsRouteBasePath: ['main', 'api'],
        // Off here because the plugin would bundle mark.js into every page;
        // src/plugins/search/engineSwap.ts turns highlighting back on with a
        // mark.js loaded only when a page has words to highlight.
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
        searchResultLimits,
        searchResultContextMaxLength: 60,
        searchBarShortcutKeymap: 'mod+k',
      } satisfies SearchOptions,
    ],
  ],

  // Docusaurus loads the preset's plugins and theme first, then these, then `themes` above.
  plugins: [
    // The docs, their version data without the docs' descriptions (only the category cards show them).
    [docsPlugin, fixturesOnly ? fixtureDocsOptions : docsOptions],
    // Our replacements of Docusaurus internals, in one folder with their UPGRADING.md.
    ...(isStock ? [] : [bundleDietPlugin]),
    searchEngineSwap,
    searchIndexPlugin,
    // No Prism in the browser: the token colours' stylesheet, the code blocks' own chunk.
    codeBlocksPlugin,
    robotsTxtPlugin,
    // The fixtures site is never published: no security.txt, no warning about its settings.
    ...(fixturesOnly ? [] : [securityTxtPlugin(securityTxt)]),
    // The API reference's own steps: the Swagger page's files, its <base href>, the labels' translation file.
    [apiReferencePlugin, {specPath: apiDefinition}],
    notFoundRoutesPlugin,
    // The crash and loading screens and the base-URL banner, in the page's language (the fixtures test them too).
    faultScreensPlugin,
    // Each page as Markdown next to its HTML, llms.txt and llms-full.txt, the PDF manual's order
    // (which follows the user guide's sidebar: the fixtures site has none).
    ...(fixturesOnly ? [] : [offlinePlugin]),
  ],

  clientModules: ['./src/clientModules/normalizeHtmlPath.ts'],

  customFields: {docsVersion},

  themeConfig,
} satisfies Config;
