#!/usr/bin/env node
/**
 * npm run lighthouse: Lighthouse (mobile, its default simulated throttling)
 * over the home page, a guide page, an API page and a category page in both
 * locales, in Debian's Chromium, with the build's precompressed copies served
 * on loopback as nginx serves them. Prints the four category scores per page as a table, the audits
 * that cost points, and (with --json) every score as JSON. Scores vary with
 * the machine, so nothing here is a test; the figures go in the README.
 */
import path from 'node:path';
import {existsSync} from 'node:fs';
import {createSiteServer, listenLocally} from './serve.mjs';
import {benchPages} from './bench.mjs';
import {chromiumArgs, chromiumExecutable} from './lib/chromium.mjs';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';

const usage = `Usage: node scripts/lighthouse.mjs [--dir build] [--json] [--page PATH]...

Runs Lighthouse (mobile) on the built site, served on 127.0.0.1 with the .br and
.gz copies npm run build writes, as nginx serves them.
  --dir DIR     the build folder (default: build; run \`npm run build\` first)
  --json        also print all scores as one JSON object
  --page PATH   a page to audit instead of the default eight (repeatable)
Exit status: 0 success, 1 Lighthouse failed, 2 bad usage.`;

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const command = /** @type {const} */ ({
  name: 'lighthouse',
  usage,
  options: {dir: {type: 'string', default: 'build'}, json: {type: 'boolean'}, page: {type: 'string', multiple: true}},
});
/** @param {{dir: string, json?: boolean, page?: string[]}} values */
function toOptions(values) {
  const pages = values.page ?? [];
  for (const page of pages) {
    if (!page.startsWith('/')) throw new UsageError(`--page must be a path starting with "/" (got "${page}")`);
  }
  return {dir: values.dir, json: Boolean(values.json), pages};
}
/**
 * The options of a command line (a UsageError on bad input).
 * @param {string[]} argv
 */
export const parseArgs = (argv) => toOptions(parseCommandLine(argv, command).values);

/** Pages with diagrams, audited too: they were the slowest while diagrams were drawn in the browser. */
export const diagramPages = ['/main/architecture', '/main/configuration/sentinel/overview'];

export function defaultPages() {
  return [...Object.values(benchPages), ...diagramPages].flatMap((page) => [
    page,
    page === '/' ? '/it/' : `/it${page}`,
  ]);
}

/** @param {ReturnType<typeof toOptions>} options */
async function main(options) {
  if (!existsSync(path.join(options.dir, 'index.html'))) {
    throw new UsageError(`no build in ${options.dir}: run \`npm run build\` first`);
  }
  // Without the copies every page would be measured uncompressed, which no production server sends.
  if (!existsSync(path.join(options.dir, 'index.html.gz'))) {
    throw new UsageError(`${options.dir} has no compressed copies: run \`npm run build\` or scripts/precompress.mjs`);
  }
  const pages = options.pages.length > 0 ? options.pages : defaultPages();
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const server = createSiteServer({dir: options.dir, compress: true});
  const origin = await listenLocally(server);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const results = [];
  try {
    for (const page of pages) {
      console.error(`lighthouse: ${page}`);
      const runnerResult = await lighthouse(origin + page, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const lhr = runnerResult?.lhr;
      if (!lhr) throw new Error(`no report for ${page}`);
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      const lost = categories.flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1)
          .map(
            // audit.score: a number, filtered above
            (audit) =>
              `${id}: ${audit.id} (${Math.round(/** @type {number} */ (audit.score) * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ''}`,
          ),
      );
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, lhr.audits[id]?.displayValue ?? null]),
      );
      results.push({page, scores, metrics, lost});
    }
  } finally {
    chrome.kill();
    server.close();
  }

  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT'];
  const rows = results.map(({page, scores, metrics}) => [
    page,
    ...categories.map((id) => String(scores[id])),
    metrics['largest-contentful-paint'] ?? '',
    metrics['total-blocking-time'] ?? '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  /** @param {string[]} cells */
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const {page, lost} of results) {
    for (const audit of lost) console.log(`  ${page}: ${audit}`);
  }
  if (options.json) console.log(JSON.stringify({lighthouse: 'mobile', results}, null, 2));
  return 0;
}

runCli(import.meta.url, command, (values) => main(toOptions(values)));
