// The weight budgets of budgets.json that the built HTML can tell (tests/support/budgets.ts), over
// the build (npm run build first; BUILD_DIR and BASE_URL say which build and for which base URL).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {kb} from '../../scripts/lib/weights.mjs';
import {BUILD} from '../support/build';
import {checkBuild, loadBudgets} from '../support/budgets';

test('every page keeps within the HTML, stylesheet and first-load script budgets; Swagger UI stays on its page', (t) => {
  const budgets = loadBudgets('budgets.json');
  const {pages, problems, heaviestHtml, heaviestCss} = checkBuild({
    dir: BUILD,
    baseUrl: process.env.BASE_URL ?? '/',
    budgets,
  });
  t.diagnostic(
    `${pages} pages; heaviest HTML ${heaviestHtml.page} ${kb(heaviestHtml.html)} gzip (budget ${kb(budgets.htmlGzip)}); ` +
      `stylesheets ${kb(heaviestCss.css)} gzip (budget ${kb(budgets.firstLoadCssGzip)})`,
  );
  assert.deepEqual(problems, []);
});
