#!/usr/bin/env node
// The PDF manual of each language: the built site, printed by Debian's Chromium
// (Playwright's page.pdf) from one document made of every page of the user guide
// in sidebar order, then the REST API reference, then the EULA summary.
/* global DOMParser, CSS, location -- extractPage runs in the browser */
import {existsSync, mkdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {chromiumArgs, headlessChromium} from './lib/chromium.mjs';
import {runCli, UsageError} from './lib/cli.mjs';
import {manualOrderFile} from '../src/utils/buildMeta.mjs';
import {PDF_DIR, pdfName} from '../src/plugins/offline/pdfFiles.mjs';
import {messageOf} from '../src/utils/errors.mjs';
import {createSiteServer, listenLocally} from './serve.mjs';
import {pinPdfDates, renumberStructureIds} from './lib/pdf-reproducible.mjs';
import {sourceDate} from '../src/utils/sourceDate.mjs';
import {DEFAULT_LOCALE, LOCALES, localeFolder} from '../src/utils/sitePaths.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node scripts/pdf.mjs [--dir DIR] [--locale LOCALE]... [--date YYYY-MM-DD] [--if-chromium]

Prints the PDF manual of each language from a built site (npm run build first):
DIR/downloads/seer-box-docs-RELEASE-LOCALE.pdf, RELEASE from package.json.
Each has a cover (product, release, language, build date), a linked table of
contents, bookmarks for every page and its sections, a tagged (accessible)
structure, the release and "page X of Y" on every page, links that jump inside
the file, and the diagrams as vectors.
The reading order comes from the build (DIR/.seerbox/manual.json, DIR/it/.seerbox/manual.json).
  --dir DIR         the built site (default: build)
  --locale LOCALE   en or it; repeat for both (default: both)
  --date DATE       the build date printed on the cover (default: the day of
                    SOURCE_DATE_EPOCH, else of the last commit, else today, UTC)
  --if-chromium     without Chromium, print one line and skip the manuals (exit 0):
                    what npm run build does; npm run bundle and the tests need them
  --help            show this help

Needs Chromium's headless shell, or Chromium (Debian: apt-get install
chromium-headless-shell; CHROMIUM_PATH overrides).
No request leaves this machine: the site is served on 127.0.0.1 and any other
request fails the run.
Exit status: 0 done, 1 a step failed, 2 bad arguments.`;

/**
 * @typedef {keyof typeof WORDS} Locale
 * @typedef {import('../src/plugins/offline/manualOrder.ts').ManualEntry} ManualEntry
 * @typedef {{html: string, title: string, depth: number, sidebar: string, last: boolean}} ManualPage
 */

/**
 * Words of the manual's own pages (cover, contents, running header and footer).
 * @satisfies {Record<string, Record<string, string | ((n: string, total: string) => string)>>}
 */
export const WORDS = {
  en: {
    language: 'English',
    manual: 'User guide and REST API reference',
    release: 'Release',
    built: 'Built on',
    contents: 'Contents',
    page: (n, total) => `page ${n} of ${total}`,
    guide: 'User guide',
    api: 'REST API reference',
    appendix: 'License',
  },
  it: {
    language: 'Italiano',
    manual: 'Guida utente e riferimento delle REST API',
    release: 'Release',
    built: 'Generato il',
    contents: 'Indice',
    page: (n, total) => `pagina ${n} di ${total}`,
    guide: 'Guida utente',
    api: 'Riferimento delle REST API',
    appendix: 'Licenza',
  },
};

/**
 * The release, from its one source.
 * @returns {string}
 */
export function release() {
  return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
}

/**
 * Where the PDF of a language goes, below the built site.
 * @param {string} dir
 * @param {string} locale
 */
export function pdfPath(dir, locale, version = release()) {
  return path.join(dir, PDF_DIR, pdfName(version, locale));
}

/**
 * The reading order the build in `dir` left for a language (src/plugins/offline).
 * @param {string} locale
 * @param {string} dir
 * @returns {{baseUrl: string, locale: string, entries: ManualEntry[]}}
 */
export function readOrder(locale, dir) {
  const file = manualOrderFile(path.join(dir, localeFolder(locale)));
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** @type {Record<string, string>} */
const ENTITIES = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
/** @param {string} text */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * Runs in the browser on a rendered page: the article's content, cleaned of site furniture,
 * with ids made unique in the manual (`p3-...`) and links to other pages of the manual turned
 * into links inside the document. Links to pages outside it keep no target.
 * Every page is complete in its server-rendered HTML (diagrams are SVG since the build draws
 * them), so it is fetched and parsed here, never loaded with its scripts.
 * @param {{index: number, anchors: Record<string, number>, kind: string, url: string}} page
 */
async function extractPage({index, anchors, kind, url}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  // A category's page: its heading and description (the cards repeat the pages that follow).
  const article =
    (kind === 'category' ? doc.querySelector('[class*="generatedIndexPage"]') : doc.querySelector('article')) ??
    doc.querySelector('main');
  if (!article) throw new Error(`${url}: no article or main element`);
  const clone = /** @type {HTMLElement} */ (article.cloneNode(true));
  const drop = [
    '.sbx-copy-page',
    '.theme-doc-footer',
    '.theme-doc-breadcrumbs',
    '.theme-doc-toc-mobile',
    '.theme-doc-version-badge',
    '.hash-link',
    'button',
    'nav',
    '[role="tablist"]',
  ];
  for (const element of clone.querySelectorAll(drop.join(','))) element.remove();
  if (kind === 'category') for (const element of clone.querySelectorAll('article, footer')) element.remove();
  // Tab panels: all printed, each under its tab's label; but an API operation's examples only in
  // their first language (curl): the other three say the same, and printing them doubled the manual.
  for (const panel of article.querySelectorAll('[role="tabpanel"]')) {
    const tab = doc.getElementById(panel.getAttribute('aria-labelledby') ?? '');
    const copy = panel.id ? clone.querySelector(`[id="${CSS.escape(panel.id)}"]`) : null;
    if (!copy || !tab) continue;
    if (panel.closest('.api-operation') && panel.parentElement?.firstElementChild !== panel) {
      copy.remove();
      continue;
    }
    /** @type {HTMLElement} */ (copy).hidden = false;
    const label = doc.createElement('p');
    label.className = 'sbx-manual-tab';
    label.textContent = tab.textContent?.trim() ?? '';
    copy.before(label);
  }
  for (const element of clone.querySelectorAll('[hidden]')) /** @type {HTMLElement} */ (element).hidden = false;
  for (const details of clone.querySelectorAll('details')) details.open = true;
  for (const element of clone.querySelectorAll('[id]')) element.id = `p${index}-${element.id}`;
  for (const link of clone.querySelectorAll('a[href]')) {
    const href = new URL(link.getAttribute('href') ?? '', url); // never null: a[href]
    if (href.origin !== location.origin) continue;
    const target = anchors[href.pathname.replace(/\/$/, '')];
    if (target === undefined) {
      link.removeAttribute('href');
      continue;
    }
    const fragment = decodeURIComponent(href.hash.slice(1));
    link.setAttribute('href', fragment ? `#p${target}-${fragment}` : `#p${target}`);
  }
  const title = clone.querySelector('h1')?.textContent?.trim() ?? doc.title;
  return {html: clone.innerHTML, title};
}

/**
 * The whole manual as one HTML document, styled by the site's own stylesheets and print rules.
 * @param {{locale: Locale, version: string, date: string, stylesheets: string[], pages: ManualPage[]}} manual
 */
export function manualHtml({locale, version, date, stylesheets, pages}) {
  const words = WORDS[locale];
  let previousPart = '';
  const toc = pages
    .map((page, index) => {
      const partName = page.last ? words.appendix : page.sidebar === 'api' ? words.api : words.guide;
      const heading = partName !== previousPart ? `<li class="sbx-toc-part">${escapeHtml(partName)}</li>` : '';
      previousPart = partName;
      return `${heading}<li class="sbx-toc-depth-${page.depth}"><a href="#p${index}">${escapeHtml(page.title)}</a></li>`;
    })
    .join('');
  const body = pages
    .map((page, index) => `<section class="sbx-manual-page" id="p${index}">${page.html}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${locale}" dir="ltr" data-theme="light">
<head>
<meta charset="utf-8">
<title>Seer Box ${escapeHtml(version)}: ${escapeHtml(words.manual)}</title>
${stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
<style>
  body { margin: 0; }
  .sbx-manual-page { break-before: page; }
  .sbx-manual-cover { height: 240mm; display: flex; flex-direction: column; justify-content: center; }
  .sbx-manual-cover .sbx-product { font-size: 34pt; font-weight: 700; margin: 0 0 6mm; }
  .sbx-manual-cover p { font-size: 14pt; margin: 0 0 3mm; }
  .sbx-manual-toc { break-before: page; }
  .sbx-manual-toc ol { list-style: none; padding: 0; }
  .sbx-manual-toc li { margin: 0.15em 0; }
  .sbx-toc-part { font-weight: 700; margin-top: 0.8em !important; }
  .sbx-toc-depth-1 { padding-left: 1.2em; } .sbx-toc-depth-2 { padding-left: 2.4em; } .sbx-toc-depth-3 { padding-left: 3.6em; }
  .sbx-manual-toc a { text-decoration: none; }
  .sbx-manual-tab { font-weight: 700; margin: 0.8em 0 0.3em; }
  .markdown a[href^='#']::after { content: none; }
</style>
</head>
<body>
<main>
<div class="sbx-manual-cover" role="group" aria-label="${escapeHtml(words.manual)}">
  <p class="sbx-product">Seer Box</p>
  <p>${escapeHtml(words.manual)}</p>
  <p>${escapeHtml(words.release)} ${escapeHtml(version)} · ${escapeHtml(words.language)}</p>
  <p>${escapeHtml(words.built)} ${escapeHtml(date)}</p>
  <p>Pluribus One S.r.l.</p>
</div>
<nav class="sbx-manual-toc" aria-label="${escapeHtml(words.contents)}">
<h1 id="contents">${escapeHtml(words.contents)}</h1>
<ol>${toc}</ol>
</nav>
${body}
</main>
</body>
</html>`;
}

/**
 * Running header and footer (Chromium fills in the page numbers).
 * @param {Locale} locale
 * @param {string} version
 */
export function headerFooter(locale, version) {
  const words = WORDS[locale];
  const style = 'font-size:8pt;width:100%;margin:0 14mm;display:flex;justify-content:space-between;color:#333';
  return {
    headerTemplate: `<div style="${style}"><span>Seer Box ${escapeHtml(version)}</span><span>${escapeHtml(words.manual)}</span></div>`,
    footerTemplate: `<div style="${style}"><span>Seer Box ${escapeHtml(version)} · ${escapeHtml(words.language)}</span><span>${words.page(
      '<span class="pageNumber"></span>',
      '<span class="totalPages"></span>',
    )}</span></div>`,
  };
}

/**
 * @param {{browser: import('@playwright/test').Browser, origin: string, dir: string, locale: Locale, version: string, date: string}} run
 */
async function printLocale({browser, origin, dir, locale, version, date}) {
  const order = readOrder(locale, dir);
  /** @type {string[]} */
  const foreign = [];
  // Nothing may leave the machine: every other host is refused and reported.
  /** @param {import('@playwright/test').BrowserContext} context */
  const offline = async (context) => {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    return context;
  };
  const options = {locale, viewport: {width: 1100, height: 1400}};
  // One page without scripts reads every page's HTML; only documents and fetches are let through.
  const plain = await offline(await browser.newContext({...options, javaScriptEnabled: false}));
  await plain.route('**/*', (route) =>
    route.request().resourceType() === 'document' || route.request().resourceType() === 'fetch'
      ? route.fallback()
      : route.abort(),
  );
  const anchors = Object.fromEntries(order.entries.map((entry, index) => [entry.permalink.replace(/\/$/, ''), index]));
  const reader = await plain.newPage();
  const home = await reader.goto(`${origin}${order.baseUrl}`, {waitUntil: 'domcontentloaded'});
  if (!home?.ok()) throw new Error(`${origin}${order.baseUrl}: HTTP ${home?.status()}`);
  const stylesheets = await reader.$$eval('link[rel="stylesheet"]', (links) =>
    links.map((link) => /** @type {HTMLLinkElement} */ (link).href),
  );
  /** @type {ManualPage[]} */
  const pages = await Promise.all(
    order.entries.map(async (entry, index) => ({
      ...(await reader.evaluate(extractPage, {index, anchors, kind: entry.kind, url: `${origin}${entry.permalink}`})),
      title: entry.title,
      depth: entry.depth,
      sidebar: entry.sidebar,
      last: index === order.entries.length - 1 && /\/main\/resources\/eula$/.test(entry.permalink),
    })),
  );
  await plain.close();
  // The manual is printed in a context that lets its stylesheets through, with the same refusals.
  const live = await offline(await browser.newContext(options));
  const page = await live.newPage();
  const manualUrl = `${origin}${order.baseUrl}__manual.html`;
  await page.route(manualUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: manualHtml({locale, version, date, stylesheets, pages}),
    }),
  );
  await page.goto(manualUrl, {waitUntil: 'load'});
  const file = pdfPath(dir, locale, version);
  mkdirSync(path.dirname(file), {recursive: true});
  await page.pdf({
    path: file,
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    ...headerFooter(locale, version),
    margin: {top: '18mm', bottom: '18mm', left: '14mm', right: '14mm'},
    tagged: true,
    outline: true,
  });
  await live.close();
  // Chromium dates the file from the clock and numbers its structure from a counter: the build's
  // date and stable numbers instead, for a reproducible PDF.
  pinPdfDates(file, sourceDate());
  renumberStructureIds(file);
  if (foreign.length > 0) throw new Error(`requests to other hosts: ${[...new Set(foreign)].join(', ')}`);
  return {file, pages: pages.length, bytes: statSync(file).size};
}

/**
 * @param {string} locale
 * @returns {locale is keyof typeof WORDS}
 */
const isLocale = (locale) => Object.hasOwn(WORDS, locale);

runCli(
  import.meta.url,
  {
    name: 'pdf',
    usage: USAGE,
    options: {
      dir: {type: 'string', default: 'build'},
      locale: {type: 'string', multiple: true, default: [...LOCALES]},
      date: {type: 'string', default: sourceDate().toISOString().slice(0, 10)},
      'if-chromium': {type: 'boolean', default: false},
    },
  },
  async (values) => {
    const locales = values.locale.map((locale) => {
      if (!isLocale(locale)) throw new UsageError(`unknown locale "${locale}" (en or it)`);
      return locale;
    });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date))
      throw new UsageError(`--date must be YYYY-MM-DD, got "${values.date}"`);
    const dir = path.resolve(values.dir);
    if (!existsSync(path.join(dir, 'index.html')))
      throw new Error(`${values.dir} holds no built site: run npm run build first`);
    let executablePath;
    try {
      executablePath = headlessChromium();
    } catch (error) {
      // A CHROMIUM_PATH that points nowhere is a mistake to report, not a machine without a browser.
      if (!values['if-chromium'] || process.env.CHROMIUM_PATH) throw error;
      // A content build needs no browser; the release (npm run bundle) and the tests print the manuals.
      console.log(`pdf: no Chromium here, the PDF manuals are skipped (npm run pdf prints them): ${messageOf(error)}`);
      return;
    }
    const {baseUrl} = readOrder(DEFAULT_LOCALE, dir);
    const server = createSiteServer({dir, baseUrl});
    const origin = await listenLocally(server);
    const browser = await chromium.launch({executablePath, args: chromiumArgs});
    const version = release();
    try {
      for (const locale of locales) {
        const started = process.hrtime.bigint();
        const result = await printLocale({browser, origin, dir, locale, version, date: values.date});
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        console.log(
          `pdf: ${path.relative(ROOT, result.file)}: ${result.pages} pages of the site, ${(result.bytes / 1024 / 1024).toFixed(2)} MB, ${seconds.toFixed(1)} s`,
        );
      }
    } finally {
      await browser.close();
      server.close();
    }
  },
);
