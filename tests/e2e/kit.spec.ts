import {test, expect, localePath} from './helpers';

/**
 * "Copy page as Markdown" over plain HTTP: the page is given no `navigator.clipboard` (as on an
 * appliance reached without TLS), so the button must use the code blocks' fallback. The test
 * keeps the real clipboard aside to read what landed there.
 */
const hideClipboard = () => {
  const real = navigator.clipboard;
  Object.defineProperty(window, '__realClipboard', {value: real});
  Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined, configurable: true});
  Object.defineProperty(window, 'isSecureContext', {get: () => false, configurable: true});
};

const cases = [
  {locale: 'en', path: '/main/architecture', label: 'Copy page as Markdown', done: 'Copied', title: 'Architecture'},
  {
    locale: 'it',
    path: '/main/architecture',
    label: 'Copia la pagina in Markdown',
    done: 'Copiata',
    title: 'Architettura',
  },
] as const;

for (const {locale, path, label, done, title} of cases) {
  test(`${locale}: "${label}" puts the page's Markdown on the clipboard without navigator.clipboard`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL!).origin});
    await page.addInitScript(hideClipboard);
    const url = localePath(path, locale);
    await page.goto(url);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();
    const button = page.getByRole('button', {name: label});
    // Keyboard: Tab reaches the button, Enter copies.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({hasText: done})).toBeVisible();
    const copied = await page.evaluate(() =>
      (window as unknown as {__realClipboard: Clipboard}).__realClipboard.readText(),
    );
    const expected = await (await page.request.get(`${url}.md`)).text();
    expect(copied).toBe(expected);
    expect(copied).toMatch(new RegExp(`^# ${title}$`, 'm'));
  });
}

test('the button is on API pages too, and no link leads to an AI service', async ({page}) => {
  await page.goto('/api/authentication/signin');
  await expect(page.getByRole('button', {name: 'Copy page as Markdown'})).toBeVisible();
  const external = await page
    .locator('article a[href^="http"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  for (const href of external) expect(href).not.toMatch(/chatgpt|openai|claude|anthropic|gemini|perplexity/i);
});

for (const locale of ['en', 'it'] as const) {
  test(`${locale}: the Downloads page links both PDF manuals, and the footer links the page`, async ({page}) => {
    await page.goto(localePath('/main/resources/downloads', locale));
    const links = page.locator('article a[href$=".pdf"]');
    await expect(links).toHaveCount(2);
    for (const href of await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toBe('application/pdf');
    }
    await page.goto(localePath('/', locale));
    await expect(page.locator(`footer a[href$="/main/resources/downloads"]`)).toHaveCount(1);
  });
}
