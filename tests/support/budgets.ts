// The weight budgets of budgets.json that the built HTML alone can check (the HTML tier runs them
// over the build; the browser tier checks what pages fetch at run time and what a search loads).
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {listFiles} from '../../scripts/lib/files.mjs';
import {fileForUrl, fileWeight, htmlAssets, htmlFiles, kb, sumWeights} from '../../scripts/lib/weights.mjs';

export type Budgets = {
  firstLoadJsGzip: number;
  firstLoadCssGzip: number;
  htmlGzip: number;
  swaggerMarker: string;
  swaggerPages: string;
  firstSearchGzip: number;
  untilIdleGzip: number;
};

/** budgets.json's schema, which also says what each budget measures. */
const ajv = new Ajv({allErrors: true});
addFormats(ajv, ['regex']);
const validBudgets = ajv.compile<Budgets>(
  JSON.parse(readFileSync(new URL('../../scripts/schemas/budgets.schema.json', import.meta.url), 'utf8')),
);

/** A budgets file, checked against its schema; throws with the file and what is wrong. */
export function loadBudgets(file: string): Budgets {
  let budgets: unknown;
  try {
    budgets = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`budgets file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!validBudgets(budgets)) {
    throw new Error(`budgets file ${file}: ${ajv.errorsText(validBudgets.errors, {dataVar: 'budgets'})}`);
  }
  return budgets;
}

/**
 * Every budget problem of a build, and the heaviest page by HTML and by stylesheets:
 * - no page's HTML over `htmlGzip`, no page's stylesheets over `firstLoadCssGzip`, and the
 *   scripts a page names in its HTML (the app loader's list) not over `firstLoadJsGzip`;
 * - every file a page names is in the build;
 * - Swagger UI is in no bundle of the site, and no page but the Swagger pages names its files.
 */
export function checkBuild({dir, baseUrl = '/', budgets}: {dir: string; baseUrl?: string; budgets: Budgets}) {
  const pages = htmlFiles(dir);
  if (pages.length === 0) throw new Error(`no HTML files in ${dir}: run npm run build first`);
  const swaggerPages = new RegExp(budgets.swaggerPages);
  const problems: string[] = [];
  const weights = pages.map((page) => {
    const assets = htmlAssets(readFileSync(path.join(dir, page), 'utf8'));
    const files = (urls: string[]) =>
      urls.flatMap((url) => {
        const file = fileForUrl(dir, url, baseUrl);
        if (file === null) return []; // on another host or outside the base URL: not in this build
        if (existsSync(file)) return [file];
        problems.push(`${page}: names ${url}, which is not in the build`);
        return [];
      });
    const html = fileWeight(path.join(dir, page)).gzip;
    const js = sumWeights(files(assets.scripts)).gzip;
    const css = sumWeights(files(assets.styles)).gzip;
    const over = (what: string, size: number, budget: number) => {
      if (size > budget) problems.push(`${page}: ${what} ${kb(size)} gzip, over the ${kb(budget)} budget`);
    };
    over('HTML is', html, budgets.htmlGzip);
    // The Swagger page (a copy per language) is the one that may load Swagger UI, outside the site's bundles.
    if (!swaggerPages.test(page)) {
      over('stylesheets are', css, budgets.firstLoadCssGzip);
      over('scripts are', js, budgets.firstLoadJsGzip);
      const swagger = [...assets.scripts, ...assets.styles].filter((url) => /swagger/i.test(url));
      if (swagger.length > 0) problems.push(`${page}: loads Swagger UI files (${swagger.join(', ')})`);
    }
    return {page, html, css};
  });
  for (const bundle of listFiles(path.join(dir, 'assets'), /\.js$/)) {
    if (readFileSync(bundle, 'utf8').includes(budgets.swaggerMarker)) {
      problems.push(`${path.relative(dir, bundle)}: contains Swagger UI (${budgets.swaggerMarker})`);
    }
  }
  if (!pages.some((page) => swaggerPages.test(page))) {
    problems.push(`no page matches ${budgets.swaggerPages}: the Swagger UI page is missing from the build`);
  }
  const heaviest = (key: 'html' | 'css') => weights.reduce((max, entry) => (entry[key] > max[key] ? entry : max));
  return {pages: pages.length, problems, heaviestHtml: heaviest('html'), heaviestCss: heaviest('css')};
}
