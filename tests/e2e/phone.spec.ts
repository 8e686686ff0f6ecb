import {test, expect, notFoundProbe} from './helpers';
import {overflow} from './phone';

/**
 * Phone widths. Every route of both languages is checked by a11y.spec.ts in the same page load
 * as its audit (./phone.ts: no page wider than the screen, tables that stack or scroll in a named
 * region, readable diagram labels), and the template pages there get axe at a phone's width too;
 * here, the error pages.
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
