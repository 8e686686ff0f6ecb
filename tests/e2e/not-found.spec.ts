import {test, expect} from './helpers';

/** The not-found page helps a lost reader: a "did you mean" link, a search box, ways in. */
const cases = [
  {missing: '/main/how-to/protection/network-rules', expected: '/main/how-to/protection/network_rules', lang: 'en'},
  {missing: '/main/architecure', expected: '/main/architecture', lang: 'en'},
  {missing: '/it/main/instalation/kubernetes', expected: '/it/main/installation/kubernetes', lang: 'it'},
  {missing: '/it/api/assets/host', expected: '/it/api/assets/hosts', lang: 'it'},
];

for (const {missing, expected, lang} of cases) {
  test(`not found: ${missing} suggests ${expected}`, async ({page, watch}) => {
    watch.expectedNotFound.push(missing);
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('not-found-suggestion').locator('a')).toHaveAttribute('href', expected);
    const search = page.getByRole('search');
    await expect(search).toHaveAttribute('action', lang === 'it' ? '/it/search' : '/search');
    await expect(search.locator('input[name="q"]')).not.toHaveValue('');
    await expect(page.locator('main ul a')).toHaveCount(4);
  });
}

test('not found: a path close to no page offers no suggestion, and its words go to the search page', async ({
  page,
  watch,
}) => {
  watch.expectedNotFound.push('/it/pagina-che-non-esiste');
  await page.goto('/it/pagina-che-non-esiste');
  await expect(page.locator('main h1')).toHaveText('Pagina non trovata');
  await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
  await expect(page.getByTestId('not-found-suggestion')).toHaveCount(0);
  await expect(page.locator('#not-found-search')).toHaveValue('pagina che non esiste');
  await page.getByRole('search').getByRole('button').click();
  await expect(page).toHaveURL(/\/it\/search\?q=pagina\+che\+non\+esiste$/);
});
