/**
 * Whether a docs page is shown in a locale it has not been translated into.
 *
 * Docusaurus falls back to the default-locale file when a locale has no twin
 * of a page; the page's `metadata.source` then still points into the docs
 * folder (`@site/docs/...`) instead of `@site/i18n/<locale>/...`.
 */
export function isUntranslated({
  source,
  currentLocale,
  defaultLocale,
}: {
  source: string;
  currentLocale: string;
  defaultLocale: string;
}): boolean {
  if (!source) throw new Error('isUntranslated: the page has no source path');
  if (currentLocale === defaultLocale) return false;
  return !source.startsWith(`@site/i18n/${currentLocale}/`);
}
