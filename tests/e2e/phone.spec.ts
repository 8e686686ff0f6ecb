import {test, expect, localePath, notFoundProbe} from './helpers';
import {overflow} from './phone';
import {axe, describeViolations, wcagTags} from './axe';

/**
 * Phone widths. Every route of both languages is checked by a11y.spec.ts in the same page load
 * as its audit (./phone.ts: no page wider than the screen, tables that stack or scroll in a named
 * region, readable diagram labels); here, the error pages and axe at a phone's width.
 */

test('phone widths: the not-found and crash pages fit the screen', async ({page, watch}) => {
  for (const url of [notFoundProbe, `/it${notFoundProbe}`]) {
    watch.expectedNotFound.push(url);
    await page.setViewportSize({width: 320, height: 700});
    await page.goto(url);
    const measured = await overflow(page);
    expect(measured.document, `${url}: ${measured.widest} sticks out`).toBeLessThanOrEqual(measured.viewport);
  }
});

const oneOfEachKind = ['/', '/main/architecture', '/api/assets/hosts', '/category/installation', '/search'];
for (const url of [...oneOfEachKind, ...oneOfEachKind.map((path) => localePath(path, 'it'))]) {
  test(`phone width: axe finds nothing on ${url}`, async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.emulateMedia({reducedMotion: 'reduce'});
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 20_000});
    const result = await axe(page).withTags(wcagTags).analyze();
    expect(describeViolations(result.violations)).toEqual([]);
  });
}
