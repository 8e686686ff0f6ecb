import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {withBaseHref} from '../../../src/plugins/api-reference/swagger';

const page = readFileSync('static/swagger/index.html', 'utf8');

test('the Swagger page gets a <base> at its own folder under the base URL, first in <head>', () => {
  const html = withBaseHref(page, '/docs/');
  assert.match(html, /<head>\s*<base href="\/docs\/swagger\/" \/>\s*<meta charset/);
  // Everything else keeps its relative URL, now resolved against the <base>.
  assert.match(html, /<script src="vendor\/swagger-ui-bundle.js"><\/script>/);
});

test('bad input is refused with a clear message', () => {
  assert.throws(() => withBaseHref(page, 'docs'), /must start and end with "\/"/);
  assert.throws(() => withBaseHref(withBaseHref(page, '/'), '/'), /already has a <base>/);
  assert.throws(() => withBaseHref('<p>no head</p>', '/'), /no <head>/);
});
