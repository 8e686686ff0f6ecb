import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bareHtmlPath} from '../../src/utils/htmlPath.mjs';
import {swaggerHref} from '../../src/plugins/api-reference/NavbarItem/swaggerHref';

test('bareHtmlPath strips .html and /index.html', () => {
  assert.equal(bareHtmlPath('/main/architecture.html'), '/main/architecture');
  assert.equal(bareHtmlPath('/main/architecture/index.html'), '/main/architecture');
  assert.equal(bareHtmlPath('/index.html'), '/');
  assert.equal(bareHtmlPath('/it/index.html'), '/it');
  assert.equal(bareHtmlPath('/it/main/quickstart.HTML'), '/it/main/quickstart');
});

test('bareHtmlPath leaves bare paths alone', () => {
  assert.equal(bareHtmlPath('/'), null);
  assert.equal(bareHtmlPath('/main/architecture'), null);
  assert.equal(bareHtmlPath('/main/how-to/protection/'), null);
  assert.equal(bareHtmlPath('/main/html'), null);
});

test('swaggerHref points at the root Swagger page under any base URL', () => {
  assert.equal(swaggerHref('/'), '/swagger/index.html');
  assert.equal(swaggerHref('/docs/'), '/docs/swagger/index.html');
  assert.equal(swaggerHref('/docs'), '/docs/swagger/index.html');
  assert.throws(() => swaggerHref('docs/'), /must start with "\/"/);
});
