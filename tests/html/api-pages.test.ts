// The API pages of both languages, read from the build (npm run build first): each renders exactly
// the operations api/openapi.yaml gives it, with their method, path, parameters, status codes,
// response fields and examples. Expected values come from the YAML itself (read with js-yaml, not
// with the API plugin's code), and a few operations are written out by hand.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import * as cheerio from 'cheerio';
import {builtFile} from '../support/build';
import {operations, resolve} from '../support/openapi';
import {localePath, locales} from '../support/routes';

const pages = [...new Set(operations.map(({operation}) => operation['x-page']))];

/** What a built API page shows for each operation, in page order. */
function rendered(route: string) {
  const $ = cheerio.load(readFileSync(builtFile(route), 'utf8'));
  const firstColumn = (id: string, part: string) =>
    $(`table[data-operation="${id}"][data-api-table="${part}"] tbody tr`)
      .map((_, row) => $(row).find('td, th').first().text().trim())
      .get();
  return $('[data-api-endpoint][data-operation]')
    .map((_, node) => {
      const id = $(node).attr('data-operation')!;
      const heading = $(`h2[data-api-operation="${id}"]`);
      const anchor = heading.attr('id') ?? '';
      const tabs = $(`[id="${anchor}-example"]`).next('.tabs-container');
      return {
        id,
        anchor,
        endpoint: $(node).text().trim(),
        badge: heading.find('.api-method').text(),
        badgeClass: heading.find('.api-method').attr('class') ?? '',
        inToc: $(`.table-of-contents a[href="#${anchor}"] .api-method`).length > 0,
        parameters: firstColumn(id, 'parameters'),
        statusCodes: firstColumn(id, 'status-codes'),
        responseFields: (status: string) => firstColumn(id, `response-${status}`).length,
        tabs: tabs
          .find('[role="tab"]')
          .map((_, tab) => $(tab).text().trim())
          .get(),
        firstExample: tabs.find('[role="tabpanel"]').first().find('pre').text(),
        responsesHeading: $(`[id="${anchor}-responses"]`).text(),
      };
    })
    .get();
}

for (const locale of locales) {
  for (const slug of pages) {
    const route = localePath(`/api/${slug}`, locale);
    test(`${route} renders exactly its operations of the definition`, () => {
      const expected = operations.filter(({operation}) => operation['x-page'] === slug);
      const shown = rendered(route);
      assert.deepEqual(
        shown.map((entry) => entry.id),
        expected.map(({operation}) => operation.operationId),
        'operations on the page',
      );
      for (const [index, {method, path, operation}] of expected.entries()) {
        const entry = shown[index];
        const what = `${route} ${entry.id}`;
        assert.notEqual(entry.anchor, '', `${what}: heading`);
        assert.equal(entry.endpoint, `${method.toUpperCase()} ${path}`, what);
        assert.equal(entry.badge, method.toUpperCase(), `${what}: method badge`);
        assert.match(entry.badgeClass, new RegExp(`api-method--${method}\\b`), `${what}: badge colour`);
        assert.ok(entry.inToc, `${what}: table of contents entry with its badge`);
        assert.deepEqual(
          entry.parameters,
          (operation.parameters ?? []).map((parameter) => resolve(parameter).name),
          `${what}: parameters`,
        );
        assert.deepEqual(entry.statusCodes, Object.keys(operation.responses), `${what}: status codes`);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('2') && resolve(response).content) {
            assert.ok(entry.responseFields(status) > 0, `${what}: ${status} fields`);
          }
        }
        assert.deepEqual(entry.tabs, ['curl', 'Python', 'JavaScript', 'PowerShell'], `${what}: example tabs`);
        assert.match(entry.firstExample, new RegExp(`curl --request ${method.toUpperCase()}`), `${what}: curl first`);
        if (locale === 'it') assert.match(entry.responsesHeading, /Risposte/, `${what}: Italian labels`);
      }
    });
  }
}

test('a few operations, written out by hand', () => {
  const byId = (route: string, id: string) => rendered(route).find((entry) => entry.id === id)!;
  const alerts = byId('/api/analysis/alerts', 'listAlerts');
  assert.equal(alerts.anchor, 'list-all-alerts');
  assert.equal(alerts.endpoint, 'GET /api/v1/alerts');
  assert.deepEqual(alerts.parameters.slice(0, 4), ['paginate', 'page', 'page_size', 'kind']);
  assert.deepEqual(alerts.statusCodes, ['200', '400', '403']);
  assert.match(alerts.firstExample, /paginate=/);

  const signin = byId('/it/api/authentication/signin', 'signin');
  assert.equal(signin.anchor, 'authenticate-a-user');
  assert.equal(signin.endpoint, 'POST /api/v1/signin');
  assert.deepEqual(signin.statusCodes, ['200', '401']);

  const source = byId('/api/settings/traffic_sources', 'getTrafficSource');
  assert.equal(source.endpoint, 'GET /api/v1/settings/traffic_sources/{traffic_source_name}');
  assert.deepEqual(source.parameters, ['traffic_source_name']);
  assert.deepEqual(source.statusCodes, ['200', '400', '403']);
});

for (const locale of locales) {
  test(`every API category page in ${locale} lists its pages with descriptions`, () => {
    const categories = [...new Set(pages.filter((slug) => slug.includes('/')).map((slug) => slug.split('/')[0]))];
    assert.ok(categories.length > 3);
    for (const category of categories) {
      const members = pages.filter((slug) => slug.startsWith(`${category}/`));
      // The category link in a member page's breadcrumbs leads to its index page.
      const member = cheerio.load(readFileSync(builtFile(localePath(`/api/${members[0]}`, locale)), 'utf8'));
      const index = member('.breadcrumbs a[href*="/category/"]').first().attr('href');
      assert.ok(index, `${category}: breadcrumb link to its category page`);
      const $ = cheerio.load(readFileSync(builtFile(index), 'utf8'));
      const cards = $('article a.card');
      assert.equal(cards.length, members.length, `${index}: one card per page`);
      cards.each((_, card) => {
        assert.ok($(card).find('p').text().trim().length > 20, `${index}: card description`);
      });
    }
  });
}
