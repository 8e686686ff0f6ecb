// The valid-markup swizzles keep the page working as before: code lines are
// <span>s laid out one per line, each tab names its panel (and back), and
// switching tabs shows only the chosen panel (npm run check:html validates the markup).
import {readFileSync} from 'node:fs';
import type {Locator} from '@playwright/test';
import {test, expect, localePath, navigateInApp, chooseColorMode} from './helpers';
import {fixturesBaseURL} from './servers';
import {codeBlocks} from '../support/code-blocks';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

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
    // Polled: the lines are styled once the page's stylesheets applied.
    await expect
      .poll(() => lines.first().evaluate((line) => [line.tagName, getComputedStyle(line).display]))
      .toEqual(['SPAN', 'block']);
    const [first, second] = [await lines.nth(0).boundingBox(), await lines.nth(1).boundingBox()];
    expect(second!.y, 'the second line starts below the first').toBeGreaterThanOrEqual(first!.y + first!.height - 1);
    expect(first!.x).toBe(second!.x);
  });

  // Code is highlighted at build time (src/plugins/code-blocks/remark.ts): a page the router renders in the
  // browser shows the same coloured lines without Prism, and the colours follow the colour mode
  // (classes from src/plugins/code-blocks/index.ts). Without a grammar a block would have no coloured token.
  test(`${locale}: code rendered in the browser is highlighted in the extra languages, in both modes`, async ({
    page,
  }) => {
    await page.goto(localePath('/main/architecture', locale));
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const target = localePath('/main/quickstart', locale);
    const served = await page.request.get(target);
    expect(await navigateInApp(page, target, await served.text()), 'reached through the router').toBe(true);
    for (const language of ['bash', 'nginx', 'apacheconf']) {
      await expect(page.locator(`pre.language-${language} code span[class*="hl-"]`).first(), language).toBeAttached();
    }
    // `docker` is a function in bash: the site's light and dark themes (docusaurus.config.ts) colour it.
    const docker = page.locator('pre.language-bash code span', {hasText: /^docker$/}).first();
    await expect(docker).toHaveCSS('color', 'rgb(206, 56, 70)');
    await chooseColorMode(page, 'dark');
    await expect(docker).toHaveCSS('color', 'rgb(80, 250, 123)');
    await expect(docker.locator('xpath=ancestor::pre')).toHaveCSS('background-color', 'rgb(40, 42, 54)');
    // A page loaded in dark mode gets the dark colours too: they are CSS, not a second render.
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(docker).toHaveCSS('color', 'rgb(80, 250, 123)');
    await expect(docker.locator('xpath=ancestor::pre')).toHaveCSS('background-color', 'rgb(40, 42, 54)');
    await expect(docker.locator('xpath=ancestor::pre')).toHaveCSS('color', 'rgb(248, 248, 242)');
  });

  test(`${locale}: only pages with code fetch the code blocks' chunk, and none fetches Prism`, async ({page}) => {
    const scriptsOf = async (path: string) => {
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
      return Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    };
    // The code block's CSS-module class names and theme-common's code block helpers (named in their
    // own error message) are in its chunk and nowhere else (src/plugins/code-blocks/index.ts); Prism's core
    // names its tokenizer hooks.
    const markers = ['codeBlockLines', 'CodeBlockContextProvider'];
    const found = (code: string[]) => markers.filter((marker) => code.some((text) => text.includes(marker)));
    const hasPrism = (code: string[]) => code.some((text) => text.includes('before-tokenize'));
    expect(found(await scriptsOf('/main/architecture')), 'a page without code').toEqual([]);
    const withCode = await scriptsOf('/main/quickstart');
    expect(found(withCode), 'a page with code').toEqual(markers);
    expect(hasPrism(withCode), 'Prism').toBe(false);
  });

  // A Markdown block's text reaches the browser only inside its highlighted lines
  // (src/plugins/code-blocks/remark.ts): the copy button must still copy the source, characters that HTML
  // escapes (<, &, ") included, with no trailing newline.
  test(`${locale}: the copy button copies a block's source text exactly`, async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const source = locale === 'it' ? `${ITALIAN_DOCS_DIR}/main` : 'docs/main';
    const [first] = codeBlocks(readFileSync(`${source}/how-to/assets/hosts.md`, 'utf8'));
    expect(first.code).toMatch(/<TOKEN>.*&page=0/s);
    await page.goto(localePath('/main/how-to/assets/hosts', locale));
    const block = page.locator('.theme-code-block', {hasText: 'paginate=true&page=0'}).first();
    await block.hover();
    await block
      .getByRole('button', {name: locale === 'it' ? 'Copia il codice negli appunti' : 'Copy code to clipboard'})
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(first.code.replace(/\n$/, ''));
  });

  // The stock tabs remounted once hydrated, rebuilding every tab group and its code blocks in one
  // long task (src/theme/Tabs): the server's elements stay.
  test(`${locale}: tab groups keep the server's elements once hydrated`, async ({page}) => {
    await page.addInitScript(() => {
      const counted = window as Window & {removedTabGroups?: number};
      counted.removedTabGroups = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && node.matches('.tabs-container')) counted.removedTabGroups! += 1;
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(localePath('/main/installation/linux', locale));
    expect(await page.locator('.tabs-container').count()).toBeGreaterThan(1);
    // The colour-mode button is enabled by the update (useIsBrowser) that remounted the stock tabs.
    await expect(page.locator('.navbar button[class*="toggleButton"]').first()).toBeEnabled();
    expect(await page.evaluate(() => (window as Window & {removedTabGroups?: number}).removedTabGroups)).toBe(0);
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

// A code block's buttons are created when a reader first reaches the block (src/plugins/code-blocks/theme/CodeBlock/Buttons),
// not for every block once the page hydrated; the wrap button is offered when the code is wider
// than its block at that moment, in a tab panel shown later too.
test.describe('code block buttons', () => {
  const wider = (block: Locator) => block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);

  test('none until a block is pointed at; then copy, and wrap for code wider than its block', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 720});
    await page.goto('/main/installation/linux');
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    // After the update that followed hydration (it enables the colour-mode button, and created the
    // stock blocks' buttons): still no buttons.
    await expect(page.locator('.navbar button[class*="toggleButton"]').first()).toBeEnabled();
    expect(await page.locator('.theme-code-block button').count(), 'buttons before any use').toBe(0);

    const visible = page.locator(
      '[role="tabpanel"]:not([hidden]) .theme-code-block, .theme-code-block:not([role="tabpanel"] *)',
    );
    const blocks = await visible.all();
    const states = await Promise.all(blocks.map(wider));
    const [long, short] = [blocks[states.indexOf(true)], blocks[states.indexOf(false)]];
    expect(long && short, 'a wide block and a narrow one on the page').toBeTruthy();

    await short.hover();
    await expect(short.getByRole('button', {name: 'Copy code to clipboard'})).toBeVisible();
    await expect(short.getByRole('button', {name: 'Toggle word wrap'})).toHaveCount(0);

    await long.hover();
    const wrap = long.getByRole('button', {name: 'Toggle word wrap'});
    await wrap.click();
    await expect(long.locator('code')).toHaveCSS('white-space', 'pre-wrap');
    expect(await wider(long), 'wrapped code fits its block').toBe(false);
    await wrap.click();
    await expect(long.locator('code')).toHaveCSS('white-space', 'pre');
  });

  test('a keyboard reader reaches the buttons from the code', async ({page}) => {
    await page.goto('/it/main/installation/linux');
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const block = page.locator('.theme-code-block').first();
    await block.locator('pre').focus();
    await page.keyboard.press('Tab');
    await expect(block.locator('button:focus')).toHaveCount(1);
    await expect(page.locator(':focus')).toHaveAttribute(
      'aria-label',
      /^(Copia il codice negli appunti|Attiva\/disattiva a capo automatico)$/,
    );
  });

  test('a block in a tab panel shown later gets its wrap button', async ({page}) => {
    await page.setViewportSize({width: 700, height: 800});
    await page.goto('/main/installation/linux');
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const tab = page.getByRole('tab', {selected: false}).first();
    const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
    await tab.click();
    await expect(panel).toBeVisible();
    const blocks = await panel.locator('.theme-code-block').all();
    const long = blocks[(await Promise.all(blocks.map(wider))).indexOf(true)];
    expect(long, 'a block wider than its panel').toBeTruthy();
    await long.hover();
    await expect(long.getByRole('button', {name: 'Toggle word wrap'})).toBeVisible();
  });
});

// The theme's line features on a test-only page (tests/fixtures/docs/code-blocks.md).
test.describe('code blocks with line ranges, line numbers and magic comments', () => {
  test.use({baseURL: fixturesBaseURL});

  test('line ranges and numbers keep the build-time lines; a magic comment gets Prism, loaded for it', async ({
    page,
  }) => {
    const prism: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js') && (await response.text()).includes('before-tokenize'))
        prism.push(response.url());
    });
    await page.goto('/__fixtures/code-blocks');
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const [numbered, magic] = [page.locator('pre').nth(0), page.locator('pre').nth(1)];

    const lines = numbered.locator('.token-line');
    await expect(lines).toHaveText(['echo one', 'echo two', 'echo three']);
    await expect(lines.nth(1)).toHaveClass(/theme-code-block-highlighted-line/);
    await expect(lines.nth(0)).not.toHaveClass(/theme-code-block-highlighted-line/);
    // Numbered lines are table rows, each with an empty number cell before its content.
    await expect(lines.nth(2)).toHaveCSS('display', 'table-row');
    await expect(lines.nth(2).locator('span').first()).toHaveText('');
    await expect(numbered.locator('span[class*="hl-"]').first()).toBeAttached();

    // Prism's markup: tokens named by type, coloured by inline styles.
    await expect(magic.locator('.token-line')).toHaveText(['echo "before"', 'echo highlighted']);
    await expect(magic.locator('.token-line').nth(1)).toHaveClass(/theme-code-block-highlighted-line/);
    await expect(magic.locator('.token.string').first()).toHaveAttribute('style', /color/);
    expect(prism.length, 'Prism fetched for the block with a magic comment').toBeGreaterThan(0);
  });
});
