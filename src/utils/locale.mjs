import {DEFAULT_LOCALE} from './sitePaths.mjs';

/**
 * The locale of a Markdown file: `it` for `i18n/it/...`, else the default locale. The remark and
 * rehype plugins run once per file, not per locale build, so they tell the language from the path.
 * @param {string | undefined} filePath
 * @param {string} [defaultLocale]
 * @returns {string}
 */
export function localeOfFile(filePath, defaultLocale = DEFAULT_LOCALE) {
  const match = /[\\/]i18n[\\/]([^\\/]+)[\\/]/.exec(filePath ?? '');
  return match ? match[1] : defaultLocale;
}
