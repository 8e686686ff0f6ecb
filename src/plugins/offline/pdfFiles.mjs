// The PDF manuals' files, shared by the script that prints them and the page that links them.

/** The folder, below the site's root (one for every language), that holds the PDF manuals. */
export const PDF_DIR = 'downloads';

/**
 * The PDF manual of a language, as scripts/pdf.mjs writes it and the downloads page links it.
 * @param {string} release
 * @param {string} locale
 * @returns {string}
 */
export const pdfName = (release, locale) => `seer-box-docs-${release}-${locale}.pdf`;

/**
 * The site's root: the base URL without the language's folder (`/it/` -> `/`), where the PDFs are.
 * @param {string} baseUrl
 * @param {string} currentLocale
 * @param {string} defaultLocale
 * @returns {string}
 */
export function siteRoot(baseUrl, currentLocale, defaultLocale) {
  return currentLocale === defaultLocale ? baseUrl : baseUrl.replace(new RegExp(`${currentLocale}/$`), '');
}
