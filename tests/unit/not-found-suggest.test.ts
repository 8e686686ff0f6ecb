import {test} from 'node:test';
import assert from 'node:assert/strict';
import {normalise, searchWords, suggest} from '../../src/theme/NotFound/Content/suggest';
import routeTable from '../fixtures/routes.json' with {type: 'json'};

const routes = routeTable.routes.map((route) => route.path);

test('misspelled, mistyped and moved routes find their page', () => {
  const cases: Array<[string, string]> = [
    ['/main/how-to/protection/network-rules', '/main/how-to/protection/network_rules'],
    ['/main/how-to/protection/Network_Rules/', '/main/how-to/protection/network_rules'],
    ['/main/architecure', '/main/architecture'],
    ['/main/instalation/kubernetes', '/main/installation/kubernetes'],
    ['/main/quickstart.html', '/main/quickstart'],
    ['/main/configuration/modsecurity', '/main/configuration/firewalls/web-application-firewalls/modsecurity'],
    ['/api/assets/host', '/api/assets/hosts'],
    // Substitutions, one and two characters off, and two characters missing.
    ['/main/quickstarr', '/main/quickstart'],
    ['/main/quixkstsrt', '/main/quickstart'],
    ['/main/architctre', '/main/architecture'],
  ];
  for (const [missing, expected] of cases) assert.equal(suggest(missing, routes), expected, missing);
});

test('a path close to nothing gets no suggestion', () => {
  assert.equal(suggest('/this-page-does-not-exist', routes), null);
  assert.equal(suggest('/', routes), null);
  assert.equal(suggest('/completely/unrelated/thing', routes), null);
});

test('normalise and searchWords', () => {
  assert.equal(normalise('/Main/How_To//alerts/index.html'), 'main/how-to/alerts');
  assert.equal(searchWords('/it/main/instal_docker-compose'), 'main instal docker compose');
  assert.equal(normalise('/%E0%A4%A'), '%e0%a4%a');
});
