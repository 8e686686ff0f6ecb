// The source paths that the site's config, plugins, scripts and tests all read, spelled once.

/** The default language, served at the root; the others under `/<locale>/`. */
export const DEFAULT_LOCALE = 'en';

/** The English docs (both sidebars: `main/` and `api/`). */
export const DOCS_DIR = 'docs';

/**
 * Where a language's translated docs live: Docusaurus's standard i18n layout.
 * @param {string} locale
 */
export const localeDocsDir = (locale) => `i18n/${locale}/docusaurus-plugin-content-docs/current`;

/** The Italian docs, twins of `docs/` at the same relative paths. */
export const ITALIAN_DOCS_DIR = localeDocsDir('it');

/** The REST API definition: the API pages, their Italian versions and the Swagger page come from it. */
export const API_DEFINITION = 'api/openapi.yaml';
