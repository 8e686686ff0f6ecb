import {readFileSync} from 'node:fs';
import {test, expect} from './helpers';
import {definition, operations} from '../support/openapi';

// What the API pages render from the definition is checked on the built HTML: tests/html/api-pages.test.ts.

test('the example language chosen on one API page is kept on the others', async ({page}) => {
  await page.goto('/api/analysis/alerts');
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  await page.locator('.tabs-container [role="tab"]', {hasText: 'Python'}).first().click();
  await page.goto('/it/api/assets/hosts');
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  const selected = page.locator('.tabs-container [role="tab"][aria-selected="true"]');
  await expect(selected.first()).toHaveText('Python');
  expect(new Set(await selected.allInnerTexts())).toEqual(new Set(['Python']));
  await expect(page.locator('.tabs-container [role="tabpanel"]:not([hidden]) pre').first()).toContainText(
    'import requests',
  );
});

test('on a wide screen each operation shows its examples beside its tables; on a phone, below', async ({page}) => {
  const boxes = async () => {
    const section = page.locator('.api-operation').first();
    return {
      main: (await section.locator('.api-operation__main').boundingBox())!,
      examples: (await section.locator('.api-operation__examples').boundingBox())!,
    };
  };
  await page.setViewportSize({width: 1600, height: 1000});
  await page.goto('/api/analysis/alerts');
  let {main, examples} = await boxes();
  expect(examples.x, 'examples to the right of the main column').toBeGreaterThanOrEqual(main.x + main.width);
  expect(examples.y).toBeLessThan(main.y + main.height);
  await page.setViewportSize({width: 390, height: 844});
  ({main, examples} = await boxes());
  expect(examples.y, 'examples below the main column').toBeGreaterThanOrEqual(main.y + main.height);
});

test.describe('Swagger UI at /swagger/index.html', () => {
  test('renders every tag and operation of the definition', async ({page}) => {
    const response = await page.goto('/swagger/index.html');
    expect(response?.status()).toBe(200);
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Seer Box REST API');
    const tags = page.locator('.opblock-tag-section .opblock-tag');
    await expect(tags).toHaveCount(definition.tags.length);
    expect((await tags.allInnerTexts()).map((text) => text.split('\n')[0].trim())).toEqual(
      definition.tags.map((tag) => tag.name),
    );
    const ids = page.locator('.opblock .opblock-summary-operation-id');
    await expect(ids).toHaveCount(operations.length);
    expect((await ids.allInnerTexts()).map((text) => text.trim()).sort()).toEqual(
      operations.map((entry) => entry.operationId).sort(),
    );
    for (const entry of operations) {
      const block = page.locator(`.opblock.opblock-${entry.method}`, {
        has: page.locator(`.opblock-summary-path[data-path="${entry.path}"]`),
      });
      await expect(block, `${entry.method} ${entry.path}`).toHaveCount(1);
    }
    // "Try it out" is there, operation by operation; what it may send is tested in try-it.spec.ts.
    await page.locator('.opblock-summary').first().click();
    await expect(page.locator('.opblock-body')).toHaveCount(1);
    await expect(page.locator('.try-out__btn')).toHaveCount(1);
  });

  // Swagger UI reads a definition or a configuration named in the query unless told not to: a
  // link could then show another API under our name. Each load names a local and a foreign probe.
  for (const probe of [
    '?url=/probe.yaml&configUrl=https://example.invalid/c.json',
    '?configUrl=/probe.json&url=https://example.invalid/x.yaml',
  ]) {
    test(`ignores ${probe}`, async ({page}) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`/swagger/index.html${probe}`);
      await expect(page.locator('.swagger-ui .info .title')).toContainText('Seer Box REST API');
      await expect(page.locator('.opblock')).toHaveCount(operations.length);
      expect(requested.filter((path) => /probe|\/x\.yaml|\/c\.json/.test(path))).toEqual([]);
      expect(requested).toContain('/swagger/openapi.yaml');
    });
  }

  test('follows the colour mode chosen on the site', async ({page, watch}) => {
    // The page's theme.js sets the mode before anything paints, from the site's stored choice
    // (the site's "theme" key, same origin); Swagger UI, watched rendering above, plays no part:
    // its bundle is not loaded here, so the initializer that starts it fails.
    await page.route('**/swagger/vendor/swagger-ui-bundle.js', (route) => route.abort());
    watch.expectedErrors.push(/net::ERR_FAILED/, /reading 'presets'/);
    await page.goto('/swagger/index.html');
    for (const mode of ['dark', 'light']) {
      await page.evaluate((chosen) => localStorage.setItem('theme', chosen), mode);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    }
  });

  test('uses relative URLs below one <base> at the base URL of the build, so it works under any base URL', () => {
    const html = readFileSync('build/swagger/index.html', 'utf8');
    // The build writes the base (src/plugins/api-reference/swagger.ts); every other URL is relative to it.
    expect([...html.matchAll(/<base href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/swagger/']);
    const urls = [...html.replace(/<base [^>]*>/, '').matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(4);
    expect(urls.filter((url) => /^(?:\/|[a-z]+:)/i.test(url))).toEqual([]);
    const init = readFileSync('build/swagger/swagger-initializer.js', 'utf8');
    expect(init).toMatch(/url: 'openapi\.yaml'/);
    expect(init).toMatch(/queryConfigEnabled: false/);
    expect(init).toMatch(/validatorUrl: 'none'/);
  });
});
