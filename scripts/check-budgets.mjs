#!/usr/bin/env node
/**
 * Checks the weight budgets of a production build (budgets.json):
 * - no page's HTML over `htmlGzip` bytes of gzip;
 * - no page's stylesheets over `firstLoadCssGzip`, and the scripts a page
 *   names in its HTML (runtime and main bundle) not over `firstLoadJsGzip`
 *   (the browser test adds the chunks loaded at run time and checks the total);
 * - Swagger UI is never part of the site's bundles and no page but the
 *   Swagger page names its files.
 * Exit 0 when every budget holds, 1 when one is exceeded, 2 on bad usage.
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';
import {fileForUrl, fileWeight, htmlAssets, htmlFiles, kb, sumWeights} from './lib/weights.mjs';
import {messageOf} from '../src/utils/errors.mjs';

const usage = `Usage: node scripts/check-budgets.mjs [--dir build] [--base-url /] [--budgets budgets.json] [--json]

Checks the page weight budgets of a production build (run \`npm run build\` first).
  --dir DIR         the build folder (default: build)
  --base-url PATH   the base URL the build was made for (default: /, or $BASE_URL)
  --budgets FILE    the budgets file (default: budgets.json)
  --json            print the measured weights of every page as JSON
Exit status: 0 all budgets hold, 1 a budget is exceeded, 2 bad usage.`;

const command = /** @type {const} */ ({
  name: 'check-budgets',
  usage,
  options: {
    dir: {type: 'string', default: 'build'},
    'base-url': {type: 'string', default: process.env.BASE_URL ?? '/'},
    budgets: {type: 'string', default: 'budgets.json'},
    json: {type: 'boolean'},
  },
});
/**
 * @typedef {{firstLoadJsGzip: number, firstLoadCssGzip: number, htmlGzip: number, swaggerMarker: string,
 *   swaggerPages: string, swaggerPattern: RegExp}} Budgets
 */

/** @typedef {{dir: string, 'base-url': string, budgets: string, json?: boolean}} Values */
/** @param {Values} values */
function toOptions(values) {
  const baseUrl = values['base-url'];
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new UsageError(`--base-url must start and end with "/" (got "${baseUrl}")`);
  }
  return {dir: values.dir, baseUrl, budgets: values.budgets, json: Boolean(values.json)};
}
/** The options of a command line (a UsageError on bad input). */
export const parseArgs = (/** @type {string[]} */ argv) => toOptions(parseCommandLine(argv, command).values);

/** budgets.json's schema, which also says what each budget measures. */
const ajv = new Ajv({allErrors: true});
addFormats(ajv, ['regex']);
const validBudgets = ajv.compile(
  JSON.parse(readFileSync(new URL('./schemas/budgets.schema.json', import.meta.url), 'utf8')),
);

/**
 * @param {string} file
 * @returns {Budgets}
 */
export function loadBudgets(file) {
  if (!existsSync(file)) throw new UsageError(`budgets file not found: ${file}`);
  let budgets;
  try {
    budgets = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`budgets file ${file} is not valid JSON: ${messageOf(error)}`);
  }
  if (!validBudgets(budgets)) {
    throw new UsageError(`budgets file ${file}: ${ajv.errorsText(validBudgets.errors, {dataVar: 'budgets'})}`);
  }
  const valid = /** @type {Omit<Budgets, 'swaggerPattern'>} the schema's shape */ (budgets);
  return {...valid, swaggerPattern: new RegExp(valid.swaggerPages)};
}

/**
 * Weights of every page of a build, and every budget problem found.
 * @param {{dir: string, baseUrl: string, budgets: Budgets}} options
 */
export function checkBuild({dir, baseUrl, budgets}) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`build folder not found: ${dir} (run \`npm run build\` first)`);
  }
  const pages = htmlFiles(dir);
  if (pages.length === 0) throw new UsageError(`no HTML files in ${dir}: is it a Docusaurus build?`);
  const problems = [];
  const report = [];
  for (const page of pages) {
    const html = readFileSync(path.join(dir, page), 'utf8');
    const assets = htmlAssets(html);
    /** @param {string[]} urls */
    const resolve = (urls) =>
      urls.flatMap((url) => {
        const file = fileForUrl(dir, url, baseUrl);
        return file === null ? [] : [{url, file}];
      });
    const scripts = resolve(assets.scripts);
    const styles = resolve(assets.styles);
    for (const asset of [...scripts, ...styles]) {
      if (!existsSync(asset.file)) problems.push(`${page}: names ${asset.url}, which is not in the build`);
    }
    /** @param {{file: string}[]} list */
    const present = (list) => list.filter((asset) => existsSync(asset.file)).map((asset) => asset.file);
    const js = sumWeights(present(scripts));
    const css = sumWeights(present(styles));
    const htmlWeight = fileWeight(path.join(dir, page));
    report.push({page, html: htmlWeight, js, css, inlineScripts: assets.inlineScripts});

    if (htmlWeight.gzip > budgets.htmlGzip) {
      problems.push(`${page}: HTML is ${kb(htmlWeight.gzip)} gzip, over the ${kb(budgets.htmlGzip)} budget`);
    }
    // The Swagger UI page (a copy per locale, as Docusaurus copies static/ into each) is the one that may load it.
    if (budgets.swaggerPattern.test(page)) continue;
    if (css.gzip > budgets.firstLoadCssGzip) {
      problems.push(`${page}: stylesheets are ${kb(css.gzip)} gzip, over the ${kb(budgets.firstLoadCssGzip)} budget`);
    }
    if (js.gzip > budgets.firstLoadJsGzip) {
      problems.push(`${page}: scripts are ${kb(js.gzip)} gzip, over the ${kb(budgets.firstLoadJsGzip)} budget`);
    }
    const swaggerFiles = [...assets.scripts, ...assets.styles].filter((url) => /swagger/i.test(url));
    if (swaggerFiles.length > 0) problems.push(`${page}: loads Swagger UI files (${swaggerFiles.join(', ')})`);
  }
  // Swagger UI must never be bundled into the site's own scripts.
  const bundles = listFiles(path.join(dir, 'assets'), /\.js$/);
  for (const bundle of bundles) {
    if (readFileSync(bundle, 'utf8').includes(budgets.swaggerMarker)) {
      problems.push(`${path.relative(dir, bundle)}: contains Swagger UI (${budgets.swaggerMarker})`);
    }
  }
  if (!pages.some((page) => budgets.swaggerPattern.test(page))) {
    problems.push(`no page matches ${budgets.swaggerPages}: the Swagger UI page is missing from the build`);
  }
  return {report, problems};
}

runCli(import.meta.url, command, (values) => {
  const options = toOptions(values);
  const budgets = loadBudgets(options.budgets);
  const {report, problems} = checkBuild({...options, budgets});
  if (options.json) console.log(JSON.stringify(report, null, 2));
  /** @param {'html' | 'css'} key */
  const largest = (key) => report.reduce((max, entry) => (entry[key].gzip > max[key].gzip ? entry : max));
  const heaviestHtml = largest('html');
  const heaviestCss = largest('css');
  console.log(
    `check-budgets: ${report.length} pages; heaviest HTML ${heaviestHtml.page} ${kb(heaviestHtml.html.gzip)} gzip ` +
      `(budget ${kb(budgets.htmlGzip)}); stylesheets ${kb(heaviestCss.css.gzip)} gzip (budget ${kb(budgets.firstLoadCssGzip)})`,
  );
  for (const problem of problems) console.error(`  over budget: ${problem}`);
  if (problems.length > 0) {
    console.error(`check-budgets: ${problems.length} problem(s)`);
    return 1;
  }
  return 0;
});
