// The valid-markup swizzles keep the page working as before: code lines are
// <span>s laid out one per line, each tab names its panel (and back), and
// switching tabs shows only the chosen panel. See scripts/check-html.mjs.
import {test, expect, localePath, navigateInApp} from './helpers';

for (const locale of ['en', 'it'] as const) {
  test(`${locale}: code lines are spans that stack as blocks`, async ({page}) => {
    await page.goto(localePath('/main/quickstart', locale));
    const block = page
      .locator('.theme-code-block')
      .filter({has: page.locator('.token-line:nth-child(2)')})
      .first();
    await expect(block).toBeVisible();
    expect(await page.locator('pre code div').count(), 'no <div> inside <code>').toBe(0);
    const lines = block.locator('.token-line');
    // Polled: the tabs remount once after hydration, taking their code blocks with them.
    await expect
      .poll(() => lines.first().evaluate((line) => [line.tagName, getComputedStyle(line).display]))
      .toEqual(['SPAN', 'block']);
    const [first, second] = [await lines.nth(0).boundingBox(), await lines.nth(1).boundingBox()];
    expect(second!.y, 'the second line starts below the first').toBeGreaterThanOrEqual(first!.y + first!.height - 1);
    expect(first!.x).toBe(second!.x);
  });

  // Code blocks and Prism are a chunk of their own (src/theme/CodeBlock), loaded by the pages that
  // show code; the extra languages are registered in it (src/plugins/prismOnDemand.ts). A page the
  // router renders in the browser highlights its code there, without the server's markup: without
  // a grammar a block would be one plain token.
  test(`${locale}: code rendered in the browser is highlighted in the extra languages`, async ({page}) => {
    await page.goto(localePath('/main/architecture', locale));
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const target = localePath('/main/quickstart', locale);
    const served = await page.request.get(target);
    expect(await navigateInApp(page, target, await served.text()), 'reached through the router').toBe(true);
    const grammarTokens = {bash: '.token.function', nginx: '.token.directive', apacheconf: '.token.comment'};
    for (const [language, token] of Object.entries(grammarTokens)) {
      await expect(page.locator(`pre.language-${language} ${token}`).first(), language).toBeAttached();
    }
  });

  test(`${locale}: only pages with code fetch the code blocks' chunk`, async ({page}) => {
    const chunkFetched = async (path: string) => {
      await page.goto(localePath(path, locale));
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter(
            // Scripts the page or the runtime added, and any it preloaded.
            (entry) =>
              ['script', 'link'].includes((entry as PerformanceResourceTiming).initiatorType) &&
              entry.name.endsWith('.js'),
          )
          .map((entry) => entry.name),
      );
      expect(scripts.length, `${path}: scripts loaded`).toBeGreaterThan(1);
      const code = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
      // The code block's CSS-module class names are in its chunk and nowhere else.
      return code.some((text) => text.includes('codeBlockLines'));
    };
    expect(await chunkFetched('/main/architecture'), 'a page without code').toBe(false);
    expect(await chunkFetched('/main/quickstart'), 'a page with code').toBe(true);
  });

  test(`${locale}: every tab controls its panel, and switching shows only that panel`, async ({page}) => {
    await page.goto(localePath('/main/quickstart', locale));
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(1);
    for (const tab of await tabs.all()) {
      const [id, controls] = [await tab.getAttribute('id'), await tab.getAttribute('aria-controls')];
      const panel = page.locator(`[id="${controls}"]`);
      await expect(panel).toHaveAttribute('role', 'tabpanel');
      await expect(panel).toHaveAttribute('aria-labelledby', id!);
    }
    const list = page.getByRole('tablist').first();
    const second = list.getByRole('tab').nth(1);
    const panel = page.locator(`[id="${await second.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await second.click();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toBeVisible();
    const first = page.locator(`[id="${await list.getByRole('tab').first().getAttribute('aria-controls')}"]`);
    await expect(first).toBeHidden();
  });
}
