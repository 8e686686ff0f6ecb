import path from 'node:path';

/**
 * A module swap: while the browser bundle is built, `request` imported by a file matching `issuer`
 * is replaced by our file `by`. `replaces` is the package file it stands in for.
 */
export type Swap = {
  name: string;
  /** The package file the swap stands in for (it must exist: tests/unit/bundle-diet/bundle-diet.test.ts); null for a generated one. */
  replaces: string | null;
  /** A package file that imports it, with the request as written there. */
  importedBy: {file: string; request: string};
  request: RegExp;
  issuer: RegExp;
  /** Our file; null for the site config the plugin writes per language (./clientConfig.ts). */
  by: string | null;
  /**
   * Requested only when a page uses it: the bundler builds a re-export of theme-common's barrel only
   * when something imports that name, so a site without it never meets the swap, and the build's
   * check that every swap fired leaves it out (the unit test still checks the import it waits for).
   */
  ifUsed?: true;
};

const sep = String.raw`[\\/]`;
const here = (...parts: string[]) => path.join(__dirname, ...parts);

/** The module swaps by file path (UPGRADING.md, items 1–3 and 9). */
export const SWAPS: readonly Swap[] = [
  {
    name: 'prefetch',
    replaces: '@docusaurus/core/lib/client/prefetch.js',
    importedBy: {file: '@docusaurus/core/lib/client/docusaurus.js', request: './prefetch'},
    request: /^\.\/prefetch$/,
    issuer: new RegExp(`${sep}@docusaurus${sep}core${sep}lib${sep}client${sep}docusaurus\\.js$`),
    by: here('shims', 'prefetch.ts'),
  },
  {
    name: 'reactUtils',
    replaces: '@docusaurus/theme-common/lib/utils/reactUtils.js',
    importedBy: {file: '@docusaurus/theme-common/lib/contexts/colorMode.js', request: '../utils/reactUtils'},
    request: /[\\/]reactUtils$/,
    issuer: new RegExp(`${sep}@docusaurus${sep}theme-common${sep}lib${sep}`),
    by: here('shims', 'reactUtils.ts'),
  },
  {
    name: 'emojiUtils',
    replaces: '@docusaurus/theme-common/lib/utils/emojiUtils.js',
    importedBy: {file: '@docusaurus/theme-common/lib/internal.js', request: './utils/emojiUtils'},
    request: /^\.\/utils\/emojiUtils$/,
    issuer: new RegExp(`${sep}@docusaurus${sep}theme-common${sep}lib${sep}internal\\.js$`),
    by: here('shims', 'emojiUtils.ts'),
    // Only the category cards (DocCard) use it: the test-only fixtures build has none.
    ifUsed: true,
  },
  {
    name: 'site config',
    replaces: null,
    importedBy: {file: '@docusaurus/core/lib/client/docusaurusContext.js', request: '@generated/docusaurus.config'},
    request: /^@generated\/docusaurus\.config$/,
    issuer: /(?:)/,
    by: null,
  },
];

/** Package files the folder copies or reads by path, beside the swaps (UPGRADING.md, items 4–7). */
export const COPIED = {
  /** The page template ./ssrTemplate.ts is a copy of. */
  ssgTemplate: '@docusaurus/core/lib/ssg/ssgTemplate.html.js',
  /** The package index ./shims/utils-common.ts stands in for (aliased), and the modules it re-exports. */
  utilsCommon: [
    '@docusaurus/utils-common/lib/index.js',
    '@docusaurus/utils-common/lib/applyTrailingSlash.js',
    '@docusaurus/utils-common/lib/stringUtils.js',
    '@docusaurus/utils-common/lib/errorUtils.js',
  ],
  /** theme-classic's client module that loads Prism's languages on every page (aliased to nothing). */
  prismClientModule: '@docusaurus/theme-classic/lib/prism-include-languages.js',
  /** The component ./theme/CodeBlock/Content replaces, and the stylesheet it shares with it. */
  codeBlockContent: [
    '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/index.js',
    '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css',
  ],
} as const;

/** The swap that applies to an import, given the file that imports it, if any. */
export function swapFor(request: string, issuer: string | undefined): Swap | undefined {
  return SWAPS.find((swap) => swap.request.test(request) && swap.issuer.test(issuer ?? ''));
}
