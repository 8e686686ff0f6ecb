/** The abbreviated month names of the site's locales, as the Unicode locale data behind Intl spells them. */
const MONTHS: Record<string, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  it: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
};

const OPTIONS: Intl.DateTimeFormatOptions = {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'};

/**
 * A date as `new Intl.DateTimeFormat(locale, {day: 'numeric', month: 'short', year: 'numeric',
 * timeZone: 'UTC'})` writes it ("Nov 14, 2023", "14 nov 2023"), without Intl for the site's own
 * locales: a page's first date formatter costs 23-32 ms of main thread during hydration under
 * Lighthouse's 4x slower CPU (measured in Chromium; ICU's own start-up comes on top, paid anyway by
 * the theme's first localeCompare). tests/unit/short-date.test.ts compares every month with Intl.
 */
export function shortDate(date: Date, locale: string): string {
  const months = MONTHS[locale];
  if (!months) return new Intl.DateTimeFormat(locale, OPTIONS).format(date);
  const [day, month, year] = [date.getUTCDate(), months[date.getUTCMonth()], date.getUTCFullYear()];
  return locale === 'en' ? `${month} ${day}, ${year}` : `${day} ${month} ${year}`;
}
