import {test} from 'node:test';
import assert from 'node:assert/strict';
import {shortDate} from '../../src/utils/shortDate';

const options: Intl.DateTimeFormatOptions = {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'};

test('shortDate writes what Intl writes, for every month and both locales, in UTC', () => {
  for (const locale of ['en', 'it']) {
    const intl = new Intl.DateTimeFormat(locale, options);
    for (let month = 0; month < 12; month += 1) {
      // The first and last day, and an instant that is the next day east of UTC.
      for (const date of [Date.UTC(2026, month, 1), Date.UTC(2025, month + 1, 0), Date.UTC(2024, month, 9, 23, 30)]) {
        assert.equal(shortDate(new Date(date), locale), intl.format(date), `${locale} ${new Date(date).toISOString()}`);
      }
    }
  }
});

test('shortDate falls back to Intl for a locale it has no table for', () => {
  assert.equal(shortDate(new Date(Date.UTC(2026, 10, 27)), 'de'), '27. Nov. 2026');
});
