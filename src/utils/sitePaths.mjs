// The source paths that the site's config, plugins, scripts and tests all read, spelled once.

/** The default language, served at the root; the others under `/<locale>/`. */
export const DEFAULT_LOCALE = 'en';

/** The translated language: its docs, UI strings and API descriptions are under `i18n/it/`. */
export const ITALIAN_LOCALE = 'it';

/** Every language the site is built in, the default first: docusaurus.config.ts's `i18n.locales`. */
export const LOCALES = [DEFAULT_LOCALE, ITALIAN_LOCALE];

/** The languages served under their own folder. */
export const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/**
 * A language's folder below the built site's root (and in its URLs): none for the default language.
 * @param {string} locale
 */
export const localeFolder = (locale) => (locale === DEFAULT_LOCALE ? '' : `${locale}/`);

/**
 * A language's translations (UI strings, API descriptions and labels, docs): Docusaurus's i18n layout.
 * @param {string} locale
 */
export const localeI18nDir = (locale) => `i18n/${locale}`;

/** The English docs (both sidebars: `main/` and `api/`). */
export const DOCS_DIR = 'docs';

/**
 * Where a language's translated docs live: Docusaurus's standard i18n layout.
 * @param {string} locale
 */
export const localeDocsDir = (locale) => `${localeI18nDir(locale)}/docusaurus-plugin-content-docs/current`;

/** The Italian docs, twins of `docs/` at the same relative paths. */
export const ITALIAN_DOCS_DIR = localeDocsDir(ITALIAN_LOCALE);

/** The REST API definition: the API pages, their Italian versions and the Swagger page come from it. */
export const API_DEFINITION = 'api/openapi.yaml';
